import {
  clearNotifications,
  listNotifications,
  setNotificationAudio,
} from '@atende/shared/contracts/profile/routes';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../api/call-route.ts';

export const notificationsKey = ['notifications'] as const;

export const notificationsApi = {
  list: () => callRoute(listNotifications),
  clear: () => callRoute(clearNotifications),
  setAudio: (enabled: boolean) => callRoute(setNotificationAudio, { body: { enabled } }),
};

export const useNotifications = () =>
  useQuery({ queryKey: notificationsKey, queryFn: notificationsApi.list, retry: false });

/** The employee's audio choice; sounds stay on until it is known. */
export const useNotificationAudio = (): boolean => useNotifications().data?.audio ?? true;
