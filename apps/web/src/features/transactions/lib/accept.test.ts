import { describe, expect, it } from 'vitest';
// The accept rules themselves (empty values left out, tomorrow or later) are the contracts' ZAcceptTransactionForm,
// tested there; the date picker's earliest day is the web's own.
import { minDeliveryDate } from './accept';

describe('minDeliveryDate', () => {
  it('is tomorrow', () => {
    expect(minDeliveryDate(new Date(2025, 5, 15, 12, 0))).toBe('2025-06-16');
  });
  it('rolls over months and years', () => {
    expect(minDeliveryDate(new Date(2025, 11, 31, 12, 0))).toBe('2026-01-01');
    expect(minDeliveryDate(new Date(2024, 1, 28, 12, 0))).toBe('2024-02-29');
  });
  it('is never earlier than the UTC tomorrow', () => {
    const now = new Date();
    const utcTomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
      .toISOString()
      .slice(0, 10);
    expect(minDeliveryDate(now) >= utcTomorrow).toBe(true);
  });
});
