import { MailOutlined } from '@ant-design/icons';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { LIMITS } from '@atende/shared/domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSocketEvent } from '../../../lib/socket/use-socket-event.ts';
import { tmailKeys } from '../api/tmail-api.ts';
import { useUnreadTmails } from '../hooks/use-tmail.ts';

/** The shell's T-mail entry: unread count, kept live by tmail-new, with a short notice of who wrote. */
export function TmailBadge() {
  const unread = useUnreadTmails();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const onNew = useCallback(
    (frame: { data: { from?: string | undefined; subject?: string | undefined } }) => {
      void queryClient.invalidateQueries({ queryKey: tmailKeys.unread });
      void queryClient.invalidateQueries({ queryKey: tmailKeys.box('inbox') });
      if (frame.data.subject) {
        void message.info(
          interpolate(ptBR.tmail.newTmail, { name: frame.data.from ?? '', subject: frame.data.subject }),
          LIMITS.toastDurationMs / 1000,
        );
      }
    },
    [queryClient, message],
  );
  useSocketEvent('tmail-new', onNew);
  return (
    <Badge count={unread.data ?? 0} size="small" data-testid="tmail-badge" data-count={unread.data ?? 0}>
      <Button
        type="text"
        icon={<MailOutlined />}
        aria-label={ptBR.tmail.title}
        onClick={() => navigate('/app/t-mail')}
        data-testid="tmail-badge-button"
      />
    </Badge>
  );
}
