import { describe, expect, it } from 'vitest';
import { TIER_HOLD_TEXTS, nextMonthStartText, transactionLimitHold, withdrawalLimitHold } from './tier-holds.js';

const tier0 = { emailVerified: false, phoneVerified: false, kycStatus: 'unverified' };
const tier1 = { emailVerified: true, phoneVerified: false, kycStatus: 'unverified' };
const tier2 = { emailVerified: true, phoneVerified: true, kycStatus: 'unverified' };
const tier3 = { emailVerified: true, phoneVerified: true, kycStatus: 'verified' };
const january = new Date('2030-01-31T12:00:00Z');

describe('transactionLimitHold: a deal above the tier says which limit, the next step and how long', () => {
  it('tier 1: the R 5 000 limit, the phone step in a minute, R 50 000 after it', () => {
    const hold = transactionLimitHold(tier1, 'ZAR')!;
    expect(hold.notice.title).toBe('Deals above R\u00a05\u00a0000,00 need phone verification');
    expect(hold.notice.needed).toBe(TIER_HOLD_TEXTS.phoneNeeded);
    expect(hold.notice.expected).toBe(
      'It takes about a minute. Then your limit is R\u00a050\u00a0000,00 per transaction.',
    );
    expect(hold).toMatchObject({ href: '/verification#phone', action: 'Verify your phone' });
  });

  it('tier 0: the email first, then the phone', () => {
    const hold = transactionLimitHold(tier0, 'USD')!;
    expect(hold.notice.title).toBe('Deals above $250.00 need phone verification');
    expect(hold.notice.needed).toBe(TIER_HOLD_TEXTS.emailThenPhone);
    expect(hold.action).toBe('Verify your email');
  });

  it('tier 2: identity, with its review time; while it is reviewed nothing to do; rejected: send again', () => {
    const hold = transactionLimitHold(tier2, 'ZAR')!;
    expect(hold.notice.title).toBe('Deals above R\u00a050\u00a0000,00 need identity verification');
    expect(hold.notice.expected).toContain('usually takes up to 2 working days');
    expect(hold).toMatchObject({ href: '/verification/identity', action: 'Verify your identity' });
    const pending = transactionLimitHold({ ...tier2, kycStatus: 'pending' }, 'ZAR')!;
    expect(pending.notice).toMatchObject({ tone: 'waiting', needed: TIER_HOLD_TEXTS.identityWaiting });
    expect(pending.action).toBeNull();
    expect(transactionLimitHold({ ...tier2, kycStatus: 'rejected' }, 'ZAR')!.notice.needed).toBe(
      TIER_HOLD_TEXTS.identityRejected,
    );
  });

  it('tier 3: nothing holds a deal', () => {
    expect(transactionLimitHold(tier3, 'ZAR')).toBeNull();
  });
});

describe('withdrawalLimitHold: no withdrawals before the phone, then the monthly limit', () => {
  it('tier 1: withdrawals need the phone, then R 10 000 a month', () => {
    const hold = withdrawalLimitHold(tier1, 'ZAR', 0n, january)!;
    expect(hold.notice.title).toBe('Withdrawals need phone verification');
    expect(hold.notice.expected).toBe(
      'It takes about a minute. Then you can withdraw up to R\u00a010\u00a0000,00 a month.',
    );
    expect(hold.action).toBe('Verify your phone');
  });

  it('tier 2, used up: reached, identity or next month (the first of it named)', () => {
    const hold = withdrawalLimitHold(tier2, 'ZAR', 1_000_000n, january)!;
    expect(hold.notice.title).toBe('Monthly withdrawal limit reached');
    expect(hold.notice.reason).toBe(
      'You have withdrawn R\u00a010\u00a0000,00 this month, the limit of a phone-verified account.',
    );
    expect(hold.notice.needed).toBe('Verify your identity to lift the monthly limit, or wait for next month.');
    expect(hold.notice.expected).toContain('starts again on 1 February');
  });

  it('tier 2, some left: what is left, and that a withdrawal up to it still goes', () => {
    const hold = withdrawalLimitHold(tier2, 'ZAR', 900_000n, january)!;
    expect(hold.notice.title).toBe('Above your monthly withdrawal limit');
    expect(hold.notice.reason).toContain('R\u00a01\u00a0000,00 of it is left this month');
    expect(hold.notice.needed).toContain('or withdraw up to R\u00a01\u00a0000,00 this month');
  });

  it('tier 2 with identity in review: the wait, nothing to do', () => {
    const hold = withdrawalLimitHold({ ...tier2, kycStatus: 'pending' }, 'ZAR', 1_000_000n, january)!;
    expect(hold.notice).toMatchObject({ tone: 'waiting', title: TIER_HOLD_TEXTS.identityInReview });
    expect(hold.action).toBeNull();
    expect(withdrawalLimitHold(tier3, 'ZAR', 1_000_000n, january)).toBeNull();
  });

  it('the next month starts on its first day (UTC)', () => {
    expect(nextMonthStartText(new Date('2030-12-31T23:59:00Z'))).toBe('1 January');
  });
});
