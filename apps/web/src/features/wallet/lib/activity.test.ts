import { describe, expect, it } from 'vitest';
import { activityTypeLabel, isCredit, signedAmount } from './activity';

describe('wallet activity', () => {
  it('signs amounts in their own currency', () => {
    expect(signedAmount('50.00', 'USD')).toBe('+$50.00');
    expect(signedAmount('-103.00', 'USD')).toBe('-$103.00');
    expect(signedAmount('-10.5', 'EUR')).toBe('-€10.50');
    expect(isCredit('-1.00')).toBe(false);
    expect(isCredit('1.00')).toBe(true);
  });
  it('labels types', () => {
    expect(activityTypeLabel('deposit')).toBe('Deposit');
    expect(activityTypeLabel('release')).toBe('Payout');
    expect(activityTypeLabel('withdrawal')).toBe('Withdrawal');
    expect(activityTypeLabel('other')).toBe('Other');
  });
});
