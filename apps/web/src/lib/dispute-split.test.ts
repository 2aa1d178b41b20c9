import { describe, expect, it } from 'vitest';
import { formatMoney } from '@holdfast/contracts/constants';
import { caseTotal, disputedMoney, disputedStage, disputeSplitText, previewSplit } from './dispute-split';

describe('previewSplit', () => {
  const tx = { amount: '100.00', fee: '3.00', currency: 'ZAR' };

  it('shows each side’s net amount with the server’s rule', () => {
    expect(previewSplit(tx, '40')).toEqual({ buyerReceives: '41.20', sellerReceives: '60.00' });
    expect(previewSplit(tx, '25.00')).toEqual({ buyerReceives: '25.75', sellerReceives: '75.00' });
  });

  it('says nothing until the refund is valid', () => {
    for (const refund of ['', '0', '100', '12.345', 'abc', '-1']) expect(previewSplit(tx, refund)).toBeNull();
  });
});

describe('a partial dispute’s money', () => {
  const dispute = {
    transaction: {
      currency: 'ZAR',
      amount: '500.00',
      fee: '15.00',
      total: '515.00',
      description: 'x',
      status: 'disputed',
    },
    disputedAmount: '300.00',
    undisputedReleased: '200.00',
  };

  it('is the disputed amount with its fee share, as the server splits it', () => {
    expect(disputedMoney(dispute)).toEqual({ amount: '300.00', fee: '9.00', currency: 'ZAR', held: '309.00' });
    expect(previewSplit(disputedMoney(dispute), '100.00')).toEqual({
      buyerReceives: '103.00',
      sellerReceives: '200.00',
    });
    expect(previewSplit(disputedMoney(dispute), '300.00')).toBeNull();
  });

  it('says the split plainly, and nothing for a whole dispute', () => {
    expect(disputeSplitText(dispute)).toBe(
      `Disputed: ${formatMoney('300.00', 'ZAR')} of ${formatMoney('500.00', 'ZAR')} — ${formatMoney('200.00', 'ZAR')} already released to the seller`,
    );
    const whole = { ...dispute, disputedAmount: '500.00', undisputedReleased: '0.00' };
    expect(disputeSplitText(whole)).toBeNull();
    expect(disputedMoney(whole)).toMatchObject({ amount: '500.00', fee: '15.00', held: '515.00' });
  });
});

describe('a milestone’s case (decision 033)', () => {
  // Stage 2 of a deal of R 30 000,50 (fee R 900,02): R 5 000,50 with its own fee of R 150,02, R 2 000 in dispute.
  const dispute = {
    transaction: {
      currency: 'ZAR',
      amount: '30000.50',
      fee: '900.02',
      total: '30900.52',
      description: 'x',
      status: 'disputed',
    },
    milestone: { id: 'm2', position: 2, title: 'Build', amount: '5000.50', fee: '150.02' },
    disputedAmount: '2000.00',
    undisputedReleased: '3000.50',
  };

  it('is of the milestone’s amount and fee, not the deal’s', () => {
    expect(disputedMoney(dispute)).toEqual({ amount: '2000.00', fee: '60.00', currency: 'ZAR', held: '2060.00' });
    expect(disputedMoney({ ...dispute, disputedAmount: '5000.50' })).toMatchObject({ fee: '150.02' });
    expect(disputeSplitText(dispute)).toBe(
      `Disputed: ${formatMoney('2000.00', 'ZAR')} of ${formatMoney('5000.50', 'ZAR')} — ${formatMoney('3000.50', 'ZAR')} already released to the seller`,
    );
    expect(disputedStage(dispute)).toBe('Stage 2: Build');
    expect(disputedStage({ milestone: null })).toBeNull();
  });

  it('is shown in the queue as the stage’s total, named by its stage', () => {
    expect(caseTotal(dispute)).toEqual({ stage: 'Stage 2', total: '5150.52' });
    expect(caseTotal({ ...dispute, milestone: null })).toEqual({ stage: null, total: '30900.52' });
  });
});
