import dayjs from 'dayjs';
import { LIMITS } from '../domain/constants.ts';

/** The local flag is the calendar day (YYYY-MM-DD, browser local time) the modal was last shown. */
export function notificationFlagForDay(now: Date): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/** /app/chat, /app/v2/chat and every app-v2/* chat route (spec point 2, chat routes). */
const CHAT_ROUTE = /^\/(?:app(?:\/v2)?\/chat(?:\/|$)|app-v2(?:\/|$))/;

export function isChatRoute(pathname: string): boolean {
  return CHAT_ROUTE.test(pathname);
}

/** Spec point 4: the notification modal shows once per day per browser and never on the chat route. */
export function shouldShowNotificationModal(input: {
  pathname: string;
  lastShownFlag: string | null | undefined;
  now: Date;
}): boolean {
  if (isChatRoute(input.pathname)) return false;
  return input.lastShownFlag !== notificationFlagForDay(input.now);
}

/** Spec point 4: the review modal shows once the account is older than 5 days, never for voip. */
export function shouldShowReviewModal(input: {
  accountType: string;
  accountCreatedAt: Date | string;
  now: Date;
}): boolean {
  if (input.accountType === 'voip') return false;
  const ageMs = input.now.getTime() - new Date(input.accountCreatedAt).getTime();
  return ageMs > LIMITS.reviewModalAfterDays * 86_400_000;
}

/**
 * The modals the shell opens by itself, most pressing first: the mandatory password change before anything
 * else (it cannot be dismissed, so nothing may cover it), then the trial's end, pending invitations to other
 * companies, the day's notifications, unread important product news, the review request.
 */
export const AUTO_MODAL_ORDER = [
  'firstLogin',
  'trialExpired',
  'invitations',
  'notifications',
  'news',
  'review',
] as const;
export type AutoModal = (typeof AUTO_MODAL_ORDER)[number];

/** One modal at a time: of those wanting to open, the one whose turn it is (the others wait). */
export function modalInTurn(wanting: Readonly<Partial<Record<AutoModal, boolean>>>): AutoModal | undefined {
  return AUTO_MODAL_ORDER.find((name) => wanting[name] === true);
}
