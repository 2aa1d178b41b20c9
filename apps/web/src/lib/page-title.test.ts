import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it('gives each page its own title', () => {
    expect(pageTitle('/dashboard')).toBe('Dashboard · Holdfast');
    expect(pageTitle('/transactions')).toBe('Transactions · Holdfast');
    expect(pageTitle('/transactions/abc')).toBe('Transaction Details · Holdfast');
    expect(pageTitle('/transactions/abc/checkout')).toBe('Fund Transaction · Holdfast');
    expect(pageTitle('/login')).toBe('Sign In · Holdfast');
    expect(pageTitle('/terms')).toBe('Terms of Service · Holdfast');
    expect(pageTitle('/help')).toBe('Help · Holdfast');
  });

  it('names unknown pages as not found', () => {
    expect(pageTitle('/no-such-page')).toBe('Page Not Found · Holdfast');
  });
});
