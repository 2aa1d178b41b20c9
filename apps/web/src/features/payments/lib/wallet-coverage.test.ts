import { describe, expect, it } from 'vitest';
import { walletCoverage } from './wallet-coverage';

describe('walletCoverage', () => {
  it('covers: pays from the wallet and says what is left', () => {
    expect(walletCoverage('5000.00', '4841.00', 'ZAR')).toEqual({
      kind: 'covers',
      balance: '5000.00',
      after: '159.00',
    });
    expect(walletCoverage('4841.00', '4841.00', 'ZAR')).toMatchObject({ kind: 'covers', after: '0.00' });
  });

  it('holds at least half: a top-up by the shortfall', () => {
    expect(walletCoverage('4397.00', '4841.00', 'ZAR')).toEqual({
      kind: 'top-up',
      balance: '4397.00',
      topUp: '444.00',
    });
    expect(walletCoverage('2420.50', '4841.00', 'ZAR')).toMatchObject({ kind: 'top-up', topUp: '2420.50' });
  });

  it('a shortfall under the minimum deposit tops up the minimum', () => {
    expect(walletCoverage('4840.00', '4841.00', 'ZAR')).toMatchObject({ kind: 'top-up', topUp: '50.00' });
  });

  it('less than half, or no wallet answer: no wallet offer', () => {
    expect(walletCoverage('2420.49', '4841.00', 'ZAR')).toEqual({ kind: 'none' });
    expect(walletCoverage(undefined, '4841.00', 'ZAR')).toEqual({ kind: 'none' });
  });
});
