import { InstagramOutlined } from '@ant-design/icons';
import { getFanpages } from '@atende/shared/contracts/fanpage/get-fanpages';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { callRoute } from '../../lib/api/call-route.ts';

/** GET /fanpage/ decides it: an Instagram integration without an active Facebook page cannot receive messages. */
export function InstagramStatus() {
  const fanpages = useQuery({
    queryKey: ['fanpage'],
    queryFn: () => callRoute(getFanpages),
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (fanpages.data?.instagram.status !== 'page-missing') return null;
  return (
    <Tooltip title={ptBR.notificationList.instagramPageMissing}>
      <Tag color="warning" icon={<InstagramOutlined />} data-testid="instagram-status">
        {ptBR.channelBadge.instagram}
      </Tag>
    </Tooltip>
  );
}
