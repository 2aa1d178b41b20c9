import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZAcceptTransactionForm, ZCreateTransactionRequest } from './transactions.js';

/** Field → first message, as a form shows them under its fields. */
const fieldMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('the accept dialog (ZAcceptTransactionForm)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(Date.UTC(2025, 5, 15, 12, 0)));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('omits empty values and trims the notes', () => {
    expect(ZAcceptTransactionForm.parse({ expectedDeliveryDate: '', deliveryNotes: '   ' })).toEqual({});
    expect(
      ZAcceptTransactionForm.parse({ expectedDeliveryDate: '2030-01-02', deliveryNotes: '  by courier  ' }),
    ).toEqual({ expectedDeliveryDate: '2030-01-02', deliveryNotes: 'by courier' });
    expect(ZAcceptTransactionForm.parse({ expectedDeliveryDate: '', deliveryNotes: 'notes' })).toEqual({
      deliveryNotes: 'notes',
    });
    // What is sent: empty values are not in the body at all.
    expect(JSON.stringify(ZAcceptTransactionForm.parse({ expectedDeliveryDate: ' ', deliveryNotes: '' }))).toBe('{}');
  });

  it('allows tomorrow onward', () => {
    expect(ZAcceptTransactionForm.safeParse({ expectedDeliveryDate: '2025-06-16', deliveryNotes: '' }).success).toBe(
      true,
    );
    expect(ZAcceptTransactionForm.safeParse({ expectedDeliveryDate: '2026-01-01', deliveryNotes: '' }).success).toBe(
      true,
    );
  });

  it('refuses today and earlier, and what is not a date, under the date field', () => {
    const check = (expectedDeliveryDate: string) =>
      fieldMessages(ZAcceptTransactionForm.safeParse({ expectedDeliveryDate, deliveryNotes: '' }));
    expect(check('2025-06-15')).toEqual({
      expectedDeliveryDate: 'Expected delivery date must be tomorrow or later',
    });
    expect(check('2025-06-14').expectedDeliveryDate).toBe('Expected delivery date must be tomorrow or later');
    expect(check('nope').expectedDeliveryDate).toBe('Expected delivery date must be a valid date (YYYY-MM-DD)');
    expect(check('2025-02-30').expectedDeliveryDate).toBe('Expected delivery date must be a valid date (YYYY-MM-DD)');
  });

  it('keeps the notes within the limit', () => {
    const result = ZAcceptTransactionForm.safeParse({ expectedDeliveryDate: '', deliveryNotes: 'x'.repeat(1001) });
    expect(fieldMessages(result)).toEqual({ deliveryNotes: 'Delivery notes must be at most 1000 characters' });
  });
});

describe('the create form (ZCreateTransactionRequest as the form resolver reads it)', () => {
  const ok = { amount: '250.00', currency: 'ZAR', sellerEmail: ' Seller@Example.com ', description: ' Camera ' };

  it('sends the address lower-cased and the description trimmed', () => {
    expect(ZCreateTransactionRequest.parse({ ...ok, type: 'product' })).toEqual({
      amount: '250.00',
      currency: 'ZAR',
      sellerEmail: 'seller@example.com',
      description: 'Camera',
      type: 'product',
    });
  });

  it('names every problem under its own field, the amount rule included', () => {
    const result = ZCreateTransactionRequest.safeParse({ ...ok, amount: '10', sellerEmail: 'nope', description: ' ' });
    expect(fieldMessages(result)).toEqual({
      amount: 'Amount must be at least R\u00a050,00',
      sellerEmail: 'Enter a valid seller email address',
      description: 'Description is required',
    });
    expect(fieldMessages(ZCreateTransactionRequest.safeParse({ ...ok, currency: 'XYZ' }))).toEqual({
      currency: 'Unsupported currency',
    });
  });
});
