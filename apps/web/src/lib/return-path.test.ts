import { describe, expect, it } from 'vitest';
import { returnPathOf, safeReturnPath, signInPathFor } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a relative path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/transactions')).toBe('/transactions');
    expect(safeReturnPath('/transactions/abc?tab=history#offers')).toBe('/transactions/abc?tab=history#offers');
    expect(safeReturnPath('/admin-dashboard?tab=system')).toBe('/admin-dashboard?tab=system');
    // Normalised as the browser would read it.
    expect(safeReturnPath('/a/../wallet')).toBe('/wallet');
  });

  it('keeps the email verification link, the one server route worth returning to', () => {
    const link = '/api/identity/verify-email?token=abc&callbackURL=%2Fdashboard';
    expect(safeReturnPath(link)).toBe(link);
    expect(safeReturnPath('/api/transactions')).toBeNull();
  });

  it('never leaves the site, however the address is spelled', () => {
    for (const evil of [
      '//evil.com',
      'https://evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      ' //evil.com',
      'javascript:alert(1)',
      'http:/evil.com',
      'evil.com',
      '//evil.com/%2F..',
      `/${'x'.repeat(3000)}`,
    ]) {
      expect(safeReturnPath(evil), evil).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath('')).toBeNull();
  });

  it('never returns to a sign-in page (a loop)', () => {
    for (const page of ['/login', '/login?next=%2Fwallet', '/register', '/admin/login', '/reset-password?token=x']) {
      expect(safeReturnPath(page)).toBeNull();
    }
  });
});

describe('returnPathOf and signInPathFor', () => {
  it('read and write the sign-in page’s next parameter', () => {
    expect(signInPathFor('/transactions/abc?tab=history')).toBe('/login?next=%2Ftransactions%2Fabc%3Ftab%3Dhistory');
    expect(returnPathOf('?next=%2Ftransactions%2Fabc%3Ftab%3Dhistory')).toBe('/transactions/abc?tab=history');
    expect(signInPathFor('/admin-dashboard', '/admin/login')).toBe('/admin/login?next=%2Fadmin-dashboard');
    expect(signInPathFor('/')).toBe('/login');
    expect(signInPathFor('//evil.com')).toBe('/login');
    expect(returnPathOf('?next=%2F%2Fevil.com')).toBeNull();
    expect(returnPathOf('?next=https%3A%2F%2Fevil.com')).toBeNull();
    expect(returnPathOf('?next=%2F%5Cevil.com')).toBeNull();
    expect(returnPathOf('')).toBeNull();
  });
});
