import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../../lib/format';
import { bellLabel, inAppLink, unreadBadgeText, unreadLeadingHere, withRead } from './bell';

describe('unreadBadgeText', () => {
  it('shows nothing when everything is read', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(-1)).toBeNull();
    expect(unreadBadgeText(Number.NaN)).toBeNull();
  });
  it('shows the count up to nine, then 9+', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
    expect(unreadBadgeText(250)).toBe('9+');
  });
});

describe('bellLabel', () => {
  it('names the button, with the unread count as the badge shows it', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(12)).toBe('Notifications, 9+ unread');
  });
});

describe('inAppLink', () => {
  it('follows paths inside the app only', () => {
    expect(inAppLink('/transactions/abc')).toBe('/transactions/abc');
    expect(inAppLink('/messages?conversation=1')).toBe('/messages?conversation=1');
    expect(inAppLink(null)).toBeNull();
    expect(inAppLink('')).toBeNull();
    expect(inAppLink('https://evil.example/')).toBeNull();
    expect(inAppLink('//evil.example/')).toBeNull();
    expect(inAppLink('javascript:alert(1)')).toBeNull();
  });
});

describe('the time a notification shows (formatRelative)', () => {
  const now = new Date('2026-01-05T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('reads like speech for a week, then the date', () => {
    expect(formatRelative(ago(10_000), now)).toBe('just now');
    expect(formatRelative(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelative(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelative(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatRelative(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelative(ago(2 * 86_400_000), now)).toBe('2 days ago');
    expect(formatRelative(ago(30 * 86_400_000), now)).not.toMatch(/ago/);
  });
  it('a clock slightly ahead of ours is still just now', () => {
    expect(formatRelative(new Date(now.getTime() + 5000).toISOString(), now)).toBe('just now');
  });
});

describe('withRead', () => {
  const list = {
    notifications: [
      { id: 'a', readAt: null },
      { id: 'b', readAt: '2026-01-01T00:00:00.000Z' },
      { id: 'c', readAt: null },
    ],
    unreadCount: 14,
  };
  const now = '2026-01-05T10:00:00.000Z';
  it('reads the given ones and lowers the count by those that were unread', () => {
    const next = withRead(list, ['a', 'b'], now);
    expect(next.notifications.map((n) => n.readAt)).toEqual([now, '2026-01-01T00:00:00.000Z', null]);
    expect(next.unreadCount).toBe(13);
  });
  it('reads everything, beyond the page too, without ids', () => {
    const next = withRead(list, undefined, now);
    expect(next.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect(next.unreadCount).toBe(0);
  });
  it('never goes below zero and leaves the original alone', () => {
    expect(withRead({ ...list, unreadCount: 1 }, ['a', 'c'], now).unreadCount).toBe(0);
    expect(list.notifications[0].readAt).toBeNull();
  });
});

describe('unreadLeadingHere', () => {
  const notifications = [
    { id: 'a', link: '/messages?conversation=1', readAt: null },
    { id: 'b', link: '/messages?conversation=1', readAt: '2026-01-01T00:00:00.000Z' },
    { id: 'c', link: '/messages?conversation=2', readAt: null },
    { id: 'd', link: null, readAt: null },
    { id: 'e', link: '/messages', readAt: null },
  ];
  it('finds the unread ones whose link is exactly the page on screen', () => {
    expect(unreadLeadingHere(notifications, '/messages?conversation=1')).toEqual(['a']);
    expect(unreadLeadingHere(notifications, '/messages')).toEqual(['e']);
    expect(unreadLeadingHere(notifications, '/dashboard')).toEqual([]);
  });
});
