import { ApiOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router-dom';
import { healthDisplay } from '../../features/channels/health/health-display.ts';
import { useChannelWatch } from '../../features/channels/hooks/use-channel-watch.ts';

const CHANNELS_PATH = '/app/integrations/channels';

/** Header light for spec point 4 channel health (green all, amber some, red none); opens the channels page. */
export function ChannelHealth() {
  const navigate = useNavigate();
  const health = useChannelWatch();
  if (health.data === undefined) return null;
  const display = healthDisplay(health.data);
  return (
    <Tooltip title={display.label}>
      <Button
        type="text"
        aria-label={display.label}
        onClick={() => void navigate(CHANNELS_PATH)}
        data-testid="channel-health"
        data-health={health.data}
        data-tone={display.tone}
      >
        <Badge status={display.status} dot offset={[0, 4]}>
          <ApiOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
