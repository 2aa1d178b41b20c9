import { describe, expect, it } from 'vitest';
import { depositValidation, splitMessage } from './deposit';

describe('depositValidation', () => {
  it('refuses an amount that is not a number above 0', () => {
    const invalid = { title: 'Invalid Amount', description: 'Please enter a valid deposit amount' };
    expect(depositValidation('', 'USD')).toEqual(invalid);
    expect(depositValidation('0', 'USD')).toEqual(invalid);
    expect(depositValidation('-5', 'USD')).toEqual(invalid);
    expect(depositValidation('abc', 'USD')).toEqual(invalid);
  });
  it('refuses amounts below the currency minimum with its symbol', () => {
    expect(depositValidation('4.99', 'USD')).toEqual({ title: 'Amount Too Low', description: 'Minimum deposit is $5' });
    expect(depositValidation('49', 'ZAR')).toEqual({ title: 'Amount Too Low', description: 'Minimum deposit is R50' });
    expect(depositValidation('1', 'EUR')).toEqual({ title: 'Amount Too Low', description: 'Minimum deposit is €5' });
    expect(depositValidation('1', 'CAD')?.description).toBe('Minimum deposit is CA$5');
  });
  it('accepts the minimum and more', () => {
    expect(depositValidation('5', 'USD')).toBeNull();
    expect(depositValidation('50.00', 'ZAR')).toBeNull();
    expect(depositValidation('100.25', 'GBP')).toBeNull();
  });
  it('refuses too many decimals and amounts above the maximum', () => {
    expect(depositValidation('10.001', 'USD')?.title).toBe('Invalid Amount');
    expect(depositValidation('100000.01', 'USD')?.title).toBe('Amount Too High');
  });
});

describe('splitMessage', () => {
  it('splits at the first colon', () => {
    expect(splitMessage('Payment Failed: Your card was declined.')).toEqual({
      title: 'Payment Failed',
      description: 'Your card was declined.',
    });
    expect(splitMessage('Payment Error')).toEqual({ title: 'Payment Error' });
  });
});
