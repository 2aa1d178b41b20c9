import { describe, expect, it } from 'vitest';
import { accountMenuItems, isActivePath, primaryNavItems } from './nav-items';

const hrefs = (items: { href: string }[]) => items.map((i) => i.href);

describe('navigation by role', () => {
  it('offers Create only to buyers and moderation only to moderators', () => {
    expect(hrefs(primaryNavItems('buyer'))).toEqual([
      '/dashboard',
      '/transactions',
      '/messages',
      '/deposit-funds',
      '/create-transaction',
    ]);
    expect(hrefs(primaryNavItems('seller'))).not.toContain('/create-transaction');
    expect(hrefs(primaryNavItems('seller'))).not.toContain('/moderator-dashboard');
    expect(hrefs(primaryNavItems('moderator'))).toContain('/moderator-dashboard');
    expect(primaryNavItems('buyer').find((i) => i.href === '/deposit-funds')?.label).toBe('Wallet');
  });

  it('builds the avatar menu', () => {
    expect(hrefs(accountMenuItems('seller'))).toEqual([
      '/dashboard',
      '/transactions',
      '/security-settings',
      '/support',
      '/live-chat',
      '/profile-settings',
    ]);
    expect(accountMenuItems('buyer').at(-1)?.label).toBe('Create Transaction');
    expect(accountMenuItems('moderator').map((i) => i.label)).toEqual(
      expect.arrayContaining(['Moderator Dashboard', 'Support Console']),
    );
    expect(hrefs(accountMenuItems('moderator')).slice(-2)).toEqual(['/moderator-dashboard', '/support-console']);
    expect(hrefs(accountMenuItems('admin')).slice(-2)).toEqual(['/admin-dashboard', '/support-console']);
    expect(hrefs(accountMenuItems('buyer'))).not.toContain('/support-console');
  });

  it('marks the active link', () => {
    expect(isActivePath('/', '/dashboard')).toBe(true);
    expect(isActivePath('/transactions/abc', '/transactions')).toBe(true);
    expect(isActivePath('/transactionsx', '/transactions')).toBe(false);
  });
});
