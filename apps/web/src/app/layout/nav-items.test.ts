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
    expect(primaryNavItems('buyer').find((i) => i.href === '/deposit-funds')?.label).toBe('Wallet');
  });

  it('gives staff their own work first and no buyer or seller calls to action', () => {
    expect(hrefs(primaryNavItems('moderator'))).toEqual([
      '/dashboard',
      '/moderator-dashboard',
      '/support-console',
      '/transactions',
      '/messages',
    ]);
    expect(hrefs(primaryNavItems('admin'))).toEqual([
      '/dashboard',
      '/admin-dashboard',
      '/support-console',
      '/transactions',
      '/messages',
    ]);
    for (const role of ['moderator', 'admin'] as const) {
      const all = [...hrefs(primaryNavItems(role)), ...hrefs(accountMenuItems(role))];
      for (const customerOnly of [
        '/create-transaction',
        '/moderator-application',
        '/wallet/deposit',
        '/support',
        '/live-chat',
      ])
        expect(all).not.toContain(customerOnly);
    }
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
    expect(accountMenuItems('moderator').map((i) => i.label)).toEqual([
      'Dashboard',
      'Moderator Dashboard',
      'Support Console',
      'Transactions',
      'Wallet',
      'Security Settings',
      'Profile Settings',
    ]);
    expect(hrefs(accountMenuItems('admin')).slice(1, 3)).toEqual(['/admin-dashboard', '/support-console']);
    expect(hrefs(accountMenuItems('buyer'))).not.toContain('/support-console');
  });

  it('marks the active link', () => {
    expect(isActivePath('/', '/dashboard')).toBe(true);
    expect(isActivePath('/transactions/abc', '/transactions')).toBe(true);
    expect(isActivePath('/transactionsx', '/transactions')).toBe(false);
    expect(isActivePath('/moderator/cases/abc', '/moderator-dashboard')).toBe(true);
  });
});
