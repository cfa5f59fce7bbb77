import { modalInTurn, shouldShowReviewModal } from '@atende/shared/rules/modals';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MountedEmployee } from '../../lib/session/account-api.ts';
import { logout } from '../../lib/session/logout.ts';
import { STORAGE_KEYS } from '../../lib/storage/local-store.ts';
import { InactivityGuard } from './inactivity-guard.tsx';
import { FirstLoginModal } from './modals/first-login-modal.tsx';
import { NotificationModal } from './modals/notification-modal.tsx';
import { OnceModal } from './modals/once-modal.tsx';
import { ProfileModal } from './modals/profile-modal.tsx';
import { TrialExpiredModal } from './modals/trial-expired-modal.tsx';
import { trialJustExpiredAtom } from './state.ts';
import { InvitationsModal } from '../../features/invitations/components/invitations-modal.tsx';
import { NewsModal } from '../../features/news/components/news-modal.tsx';
import { useFunnelNotices } from './use-funnel-notices.ts';
import { useRealtime } from './use-realtime.ts';

/** Session rules of spec point 4 that live as long as the authenticated shell. */
export function SessionRuntime({ employee }: { employee: MountedEmployee }) {
  const { t } = useTranslation();
  const blocked = employee.inactive || employee.company.account_disabled;
  useRealtime(blocked ? undefined : employee);
  useFunnelNotices();
  const trialExpired = useAtomValue(trialJustExpiredAtom);
  const [hasNotifications, setHasNotifications] = useState(false);
  const [hasInvitations, setHasInvitations] = useState(false);
  const [hasNews, setHasNews] = useState(false);
  const wantsReview =
    !employee.firstLogin &&
    shouldShowReviewModal({
      accountType: employee.company.account_type,
      accountCreatedAt: employee.company.created_at,
      now: new Date(),
    });
  const [reviewDone, setReviewDone] = useState(false);
  const turn = modalInTurn({
    firstLogin: employee.firstLogin,
    trialExpired,
    invitations: hasInvitations,
    notifications: hasNotifications,
    news: hasNews,
    review: wantsReview && !reviewDone,
  });

  useEffect(() => {
    if (!blocked) return;
    void logout({ blocked: true });
  }, [blocked]);

  if (blocked) return null;
  return (
    <>
      <InactivityGuard disabled={employee.disableInactivity} />
      <NotificationModal employee={employee} turn={turn === 'notifications'} onWant={setHasNotifications} />
      <FirstLoginModal employee={employee} />
      <InvitationsModal turn={turn === 'invitations'} onWant={setHasInvitations} />
      <NewsModal turn={turn === 'news'} onWant={setHasNews} />
      <OnceModal
        flagKey={`${STORAGE_KEYS.reviewAskedPrefix}${employee._id}`}
        when={wantsReview}
        turn={turn === 'review'}
        onDone={() => setReviewDone(true)}
        title={t('modals.reviewTitle')}
        text={t('modals.reviewText')}
        testId="review-modal"
      />
      <ProfileModal employee={employee} />
      <TrialExpiredModal turn={turn === 'trialExpired'} />
    </>
  );
}
