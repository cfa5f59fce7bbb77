import { BellOutlined } from '@ant-design/icons';
import { LIMITS } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Drawer, Empty, Flex, List, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { notificationsApi, notificationsKey, useNotifications } from '../../lib/session/notifications-api.ts';
import { useSocketEvent } from '../../lib/socket/use-socket-event.ts';

const SECONDS = LIMITS.toastDurationMs / 1000;
const labels = ptBR.notificationList;

/** The shell's notifications: the list, clear all, the audio setting; "Sua conta foi atualizada" on update-company. */
export function NotificationsBell() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  useEffect(() => {
    if (notifications.isError) void message.error(ptBR.errors.notificationsFetchFailed, SECONDS);
  }, [notifications.isError, message]);
  useSocketEvent('refresh-session', (frame) => {
    if (frame.data.event === 'update-company') void message.info(ptBR.notices.accountUpdated, SECONDS);
  });
  const clear = useMutation({
    mutationFn: notificationsApi.clear,
    onSuccess: (answer) => queryClient.setQueryData(notificationsKey, answer),
    onError: () => void message.error(ptBR.errors.notificationsClearFailed, SECONDS),
  });
  const audio = useMutation({
    mutationFn: notificationsApi.setAudio,
    onSuccess: (answer) => queryClient.setQueryData(notificationsKey, answer),
    onError: () => void message.error(ptBR.errors.audioSettingFailed, SECONDS),
  });
  const items = notifications.data?.items ?? [];
  return (
    <>
      <Badge count={items.length} size="small" data-testid="notifications-count">
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={labels.title}
          onClick={() => setOpen(true)}
          data-testid="notifications-bell"
        />
      </Badge>
      <Drawer open={open} onClose={() => setOpen(false)} title={labels.title} size={380}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center">
            <Typography.Text>{labels.audio}</Typography.Text>
            <Switch
              checked={notifications.data?.audio ?? true}
              loading={audio.isPending}
              onChange={(enabled) => audio.mutate(enabled)}
              data-testid="notifications-audio"
            />
          </Flex>
          <Button
            onClick={() => clear.mutate()}
            loading={clear.isPending}
            disabled={items.length === 0}
            data-testid="notifications-clear"
          >
            {labels.clear}
          </Button>
          {items.length === 0 ? (
            <Empty description={labels.empty} />
          ) : (
            <List
              dataSource={items}
              renderItem={(item) => (
                <List.Item data-testid="notification-item">
                  <List.Item.Meta title={item.title} description={item.message} />
                </List.Item>
              )}
            />
          )}
        </Flex>
      </Drawer>
    </>
  );
}
