import { describe, expect, it } from 'vitest';
import { cardFieldErrors, formatCardNumber, formatCvc, formatExpiry } from './card';

describe('card inputs', () => {
  it('groups the card number in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });
  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('12', '12/')).toBe('1');
  });
  it('keeps up to 4 cvc digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
  it('checks the fields', () => {
    const now = new Date(Date.UTC(2025, 5, 1));
    expect(cardFieldErrors({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({});
    const errors = cardFieldErrors({ cardNumber: '4242', expiry: '01/20', cvc: '1' }, now);
    expect(errors.cardNumber).toBe('Your card number is incorrect.');
    expect(errors.expiry).toBe('Your card has expired.');
    expect(errors.cvc).toMatch(/security code/);
    expect(cardFieldErrors({ cardNumber: '4242424242424242', expiry: '13/30', cvc: '123' }, now).expiry).toMatch(
      /MM\/YY/,
    );
  });
});
