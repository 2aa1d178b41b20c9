import { describe, expect, it } from 'vitest';
import { currentValidation, limitsLine, sanitizeAmountInput, shouldValidateAmount } from './amount';

describe('sanitizeAmountInput', () => {
  it('keeps only digits and dots', () => {
    expect(sanitizeAmountInput('R 1 234,50')).toBe('123450');
    expect(sanitizeAmountInput('12.5abc')).toBe('12.5');
    expect(sanitizeAmountInput('-7e3')).toBe('73');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.2.3');
    expect(sanitizeAmountInput('')).toBe('');
  });
});

describe('shouldValidateAmount', () => {
  it('is true only above 0', () => {
    expect(shouldValidateAmount('100')).toBe(true);
    expect(shouldValidateAmount('0.01')).toBe(true);
    expect(shouldValidateAmount('0')).toBe(false);
    expect(shouldValidateAmount('0.00')).toBe(false);
    expect(shouldValidateAmount('')).toBe(false);
    expect(shouldValidateAmount('.')).toBe(false);
    expect(shouldValidateAmount('1.2.3')).toBe(false);
  });
});

describe('limitsLine', () => {
  it('formats min and max in the currency with its decimals', () => {
    expect(limitsLine({ code: 'USD', minAmount: '5.00', maxAmount: '100000.00' })).toBe('Limits: $5.00 - $100,000.00');
    expect(limitsLine({ code: 'ZAR', minAmount: '50.00', maxAmount: '1000000.00' })).toMatch(
      /^Limits: R\u00a050,00 - R\u00a01.000.000,00$/,
    );
  });
});

describe('currentValidation', () => {
  const result = { valid: true, error: null, formatted: { amount: '$10.00', fee: '$0.30', total: '$10.30' } };
  it('applies only to the same amount and currency', () => {
    const v = { amount: '10', currency: 'USD', result };
    expect(currentValidation(v, '10', 'USD')).toBe(result);
    expect(currentValidation(v, '100', 'USD')).toBeNull();
    expect(currentValidation(v, '10', 'EUR')).toBeNull();
    expect(currentValidation(null, '10', 'USD')).toBeNull();
  });
});
