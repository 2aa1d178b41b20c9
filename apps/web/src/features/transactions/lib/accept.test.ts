import { describe, expect, it } from 'vitest';
import { acceptPayload, deliveryDateError, minDeliveryDate } from './accept';

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

describe('acceptPayload', () => {
  it('omits empty values and trims notes', () => {
    expect(acceptPayload('', '   ')).toEqual({});
    expect(acceptPayload('2030-01-02', '  by courier  ')).toEqual({
      expectedDeliveryDate: '2030-01-02',
      deliveryNotes: 'by courier',
    });
    expect(acceptPayload('', 'notes')).toEqual({ deliveryNotes: 'notes' });
  });
});

describe('deliveryDateError', () => {
  const now = new Date(2025, 5, 15, 12, 0);
  it('allows empty and tomorrow onward', () => {
    expect(deliveryDateError('', now)).toBeNull();
    expect(deliveryDateError('2025-06-16', now)).toBeNull();
    expect(deliveryDateError('2026-01-01', now)).toBeNull();
  });
  it('refuses today and earlier', () => {
    expect(deliveryDateError('2025-06-15', now)).toBe('Expected delivery date must be tomorrow or later');
    expect(deliveryDateError('nope', now)).toBe('Enter a valid date');
  });
});
