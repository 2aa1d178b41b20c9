import { describe, expect, it } from 'vitest';
import { safeNext } from './next';

describe('safeNext', () => {
  it('accepts only the email verification link', () => {
    const link = '/api/identity/verify-email?token=abc&callbackURL=%2Fdashboard';
    expect(safeNext(`?next=${encodeURIComponent(link)}`)).toBe(link);
    expect(safeNext('')).toBeNull();
    expect(safeNext('?next=%2Fdashboard')).toBeNull();
    expect(safeNext('?next=https%3A%2F%2Fevil.example%2Fapi%2Fidentity%2Fverify-email%3Fx')).toBeNull();
    expect(safeNext('?next=%2F%2Fevil.example')).toBeNull();
  });
});
