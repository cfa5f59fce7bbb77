import { describe, expect, it } from 'vitest';
import {
  modalInTurn,
  notificationFlagForDay,
  shouldShowNotificationModal,
  shouldShowReviewModal,
} from './modals.ts';

const NOW = new Date(2026, 4, 20, 15, 0, 0);
const today = notificationFlagForDay(NOW);
const yesterday = notificationFlagForDay(new Date(2026, 4, 19, 23, 59));

describe('notification modal (spec point 4: once per day per browser, never on chat)', () => {
  it.each([
    { clause: 'never shown: shows', pathname: '/app/home', flag: null, show: true },
    { clause: 'shown yesterday: shows again', pathname: '/app/home', flag: yesterday, show: true },
    { clause: 'already shown today: hidden', pathname: '/app/contacts', flag: today, show: false },
    {
      clause: 'never on the chat route',
      pathname: '/app/chat/65a1b2c3d4e5f60718293a4b',
      flag: null,
      show: false,
    },
    { clause: 'never on the v2 chat route', pathname: '/app/v2/chat', flag: undefined, show: false },
    { clause: 'never on an app-v2/* chat route', pathname: '/app-v2/chat/123', flag: undefined, show: false },
    { clause: 'never on the app-v2 root', pathname: '/app-v2', flag: undefined, show: false },
    {
      clause: 'a route merely starting with app-v2 is not a chat route',
      pathname: '/app-v2x',
      flag: undefined,
      show: true,
    },
    {
      clause: 'a route merely starting with chat is not the chat route',
      pathname: '/app/chatbot',
      flag: null,
      show: true,
    },
  ])('$clause', ({ pathname, flag, show }) => {
    expect(shouldShowNotificationModal({ pathname, lastShownFlag: flag, now: NOW })).toBe(show);
  });

  it('the flag is the local date', () => {
    expect(today).toBe('2026-05-20');
  });
});

describe('review modal (spec point 4: older than 5 days, not voip)', () => {
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
  it.each([
    { clause: 'account 6 days old: shows', accountType: 'advanced', created: daysAgo(6), show: true },
    {
      clause: 'account exactly 5 days old: not yet',
      accountType: 'advanced',
      created: daysAgo(5),
      show: false,
    },
    { clause: 'account 2 days old: hidden', accountType: 'essential', created: daysAgo(2), show: false },
    { clause: 'voip never sees it', accountType: 'voip', created: daysAgo(60), show: false },
  ])('$clause', ({ accountType, created, show }) => {
    expect(shouldShowReviewModal({ accountType, accountCreatedAt: created, now: NOW })).toBe(show);
  });
});

describe('shell modals open one at a time, the mandatory one first', () => {
  it('shows the first-login password change before notifications and the review', () => {
    expect(modalInTurn({ notifications: true, firstLogin: true, review: true })).toBe('firstLogin');
  });
  it('lets the notifications through once the password is changed, then the review', () => {
    expect(modalInTurn({ notifications: true, firstLogin: false, review: true })).toBe('notifications');
    expect(modalInTurn({ notifications: false, review: true })).toBe('review');
  });
  it('puts the trial end before notifications and nothing when none wants to open', () => {
    expect(modalInTurn({ trialExpired: true, notifications: true })).toBe('trialExpired');
    expect(modalInTurn({})).toBeUndefined();
  });
  it('keeps invitations and important product news behind the password change, news after notifications', () => {
    expect(modalInTurn({ news: true, invitations: true, firstLogin: true })).toBe('firstLogin');
    expect(modalInTurn({ news: true, invitations: true, notifications: true })).toBe('invitations');
    expect(modalInTurn({ news: true, notifications: true, review: true })).toBe('notifications');
    expect(modalInTurn({ news: true, review: true })).toBe('news');
  });
});
