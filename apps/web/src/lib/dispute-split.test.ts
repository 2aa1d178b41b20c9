import { describe, expect, it } from 'vitest';
import { previewSplit } from './dispute-split';

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
