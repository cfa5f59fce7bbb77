import { getModalNotifications } from '@atende/shared/contracts/account/get-modal-notifications';
import type { ModalNotification } from '@atende/shared/contracts/account/get-modal-notifications';
import { notificationFlagForDay, shouldShowNotificationModal } from '@atende/shared/rules/modals';
import { App, List, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { callRoute } from '../../../lib/api/call-route.ts';
import type { MountedEmployee } from '../../../lib/session/account-api.ts';
import { browserStore, STORAGE_KEYS } from '../../../lib/storage/local-store.ts';

const markSeenToday = () =>
  browserStore().setItem(STORAGE_KEYS.notificationSeenOn, notificationFlagForDay(new Date()));

/** The day's notifications; `onWant` tells the shell there is something to show, `turn` when it may open. */
export function NotificationModal({
  employee,
  turn,
  onWant,
}: {
  employee: MountedEmployee;
  turn: boolean;
  onWant: (wants: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const [notifications, setNotifications] = useState<ModalNotification[]>([]);
  const eligible = shouldShowNotificationModal({
    pathname,
    lastShownFlag: browserStore().getItem(STORAGE_KEYS.notificationSeenOn),
    now: new Date(),
  });

  useEffect(() => {
    if (!eligible) return;
    let cancelled = false;
    callRoute(getModalNotifications, {
      params: { companyId: employee.company._id, accountType: employee.company.account_type },
      query: { role: employee.role },
    }).then(
      (found) => {
        // Nothing to show: the day is done; otherwise it is once the modal has opened (below).
        if (found.length === 0) markSeenToday();
        if (!cancelled) setNotifications(found);
      },
      () => void message.error(t('errors.notificationsFetchFailed')),
    );
    return () => {
      cancelled = true;
    };
  }, [eligible, employee.company._id, employee.company.account_type, employee.role, message, t]);

  const wants = notifications.length > 0;
  useEffect(() => onWant(wants), [wants, onWant]);
  // The day counts as seen once the modal has opened, not when it was fetched: notifications waiting behind
  // the mandatory password change (or another modal) are still shown after a reload.
  const open = wants && turn;
  useEffect(() => {
    if (open) markSeenToday();
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('modals.notificationsTitle')}
      footer={null}
      onCancel={() => setNotifications([])}
    >
      <List
        data-testid="notification-modal"
        dataSource={notifications}
        renderItem={(item) => (
          <List.Item key={item._id}>
            <List.Item.Meta
              title={item.title}
              description={<Typography.Text>{item.message}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
