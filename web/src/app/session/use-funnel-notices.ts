import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { App } from 'antd';
import { playNewCallSound } from '../../features/chat/live/new-call-sound.ts';
import { useNotificationAudio } from '../../lib/session/notifications-api.ts';
import { useSocketEvent } from '../../lib/socket/use-socket-event.ts';
import { formatCompanyTime } from '../../lib/dates/dates.ts';

const t = ptBR.pipelines;

/**
 * In-app notices of the agenda and the funnel: an activity due in a few minutes (with the new-call alert sound,
 * unless the employee turned audio off), a stage rule's notice.
 */
export function useFunnelNotices(): void {
  const { notification } = App.useApp();
  const audio = useNotificationAudio();
  useSocketEvent('activity-reminder', (frame) => {
    if (audio) playNewCallSound();
    notification.info({
      key: `activity-${frame.data.activity}`,
      message: t.reminderTitle,
      description: interpolate(t.reminderBody, {
        title: frame.data.title,
        time: formatCompanyTime(frame.data.due_at, 'time'),
      }),
      duration: 0,
    });
  });
  useSocketEvent('deal-notice', (frame) => {
    notification.info({
      key: `deal-${frame.data.deal}-${frame.data.stage_name}`,
      message: t.screens.pipelines,
      description: interpolate(t.ruleNotice, { title: frame.data.title, stage: frame.data.stage_name }),
    });
  });
}
