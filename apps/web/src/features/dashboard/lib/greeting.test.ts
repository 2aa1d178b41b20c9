import { describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_MS, dashboardGreeting } from './greeting';

describe('dashboard greeting', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('greets a just-registered account as new', () => {
    expect(dashboardGreeting('2026-11-23T11:59:00Z', now)).toBe('Welcome to Holdfast');
  });

  it('says welcome back once the account is a day old', () => {
    expect(dashboardGreeting(new Date(now - NEW_ACCOUNT_MS).toISOString(), now)).toBe('Welcome back');
    expect(dashboardGreeting('2025-01-01T00:00:00Z', now)).toBe('Welcome back');
  });

  it('falls back to welcome back for an unreadable date', () => {
    expect(dashboardGreeting('not a date', now)).toBe('Welcome back');
  });
});
