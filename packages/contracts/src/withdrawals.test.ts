import { describe, expect, it } from 'vitest';
import { bankDetailsProblems, bankLine, WITHDRAWAL_MESSAGES as M } from './withdrawals.js';

/** The one check of a destination, shared by the Withdraw form and the server: Canada and Australia. */
describe('bank details by currency', () => {
  const cad = { institutionNumber: '003', branchCode: '12345', accountNumber: '1234567' };
  const aud = { branchCode: '062-000', accountNumber: '12345678' };

  it.each([
    ['CAD as the bank prints it', 'CAD', cad],
    [
      'CAD with typed spaces and hyphens',
      'CAD',
      { institutionNumber: ' 003 ', branchCode: '12-345', accountNumber: '1234 5678-9012' },
    ],
    ['CAD with the shortest account', 'CAD', { ...cad, accountNumber: '1234567' }],
    ['AUD with the BSB as 062-000', 'AUD', aud],
    ['AUD with the BSB as digits and a spaced account', 'AUD', { branchCode: '062000', accountNumber: '12 3456' }],
    ['AUD with the longest account', 'AUD', { ...aud, accountNumber: '1234-567-890' }],
  ] as const)('accepts %s', (_what, currency, details) => {
    expect(bankDetailsProblems(currency, details)).toEqual([]);
  });

  it.each([
    [
      'CAD: a 2-digit institution',
      'CAD',
      { ...cad, institutionNumber: '03' },
      'institutionNumber',
      M.invalidInstitutionNumber,
    ],
    [
      'CAD: a lettered institution',
      'CAD',
      { ...cad, institutionNumber: '0A3' },
      'institutionNumber',
      M.invalidInstitutionNumber,
    ],
    [
      'CAD: no institution',
      'CAD',
      { ...cad, institutionNumber: undefined },
      'institutionNumber',
      M.invalidInstitutionNumber,
    ],
    ['CAD: a 4-digit transit', 'CAD', { ...cad, branchCode: '1234' }, 'branchCode', M.invalidTransitNumber],
    ['CAD: a 6-digit transit', 'CAD', { ...cad, branchCode: '123456' }, 'branchCode', M.invalidTransitNumber],
    ['CAD: a 6-digit account', 'CAD', { ...cad, accountNumber: '123456' }, 'accountNumber', M.invalidCaAccountNumber],
    [
      'CAD: a 13-digit account',
      'CAD',
      { ...cad, accountNumber: '1234567890123' },
      'accountNumber',
      M.invalidCaAccountNumber,
    ],
    ['CAD: no account', 'CAD', { ...cad, accountNumber: ' ' }, 'accountNumber', M.invalidCaAccountNumber],
    ['AUD: a 5-digit BSB', 'AUD', { ...aud, branchCode: '062-00' }, 'branchCode', M.invalidBsb],
    ['AUD: a BSB with a slash', 'AUD', { ...aud, branchCode: '062/000' }, 'branchCode', M.invalidBsb],
    ['AUD: no BSB', 'AUD', { ...aud, branchCode: undefined }, 'branchCode', M.invalidBsb],
    ['AUD: a 5-digit account', 'AUD', { ...aud, accountNumber: '12345' }, 'accountNumber', M.invalidAuAccountNumber],
    [
      'AUD: an 11-digit account',
      'AUD',
      { ...aud, accountNumber: '12345678901' },
      'accountNumber',
      M.invalidAuAccountNumber,
    ],
  ] as const)('refuses %s, under that field', (_what, currency, details, path, message) => {
    expect(bankDetailsProblems(currency, details)).toEqual([{ path, message }]);
  });

  it('names every missing field at once, in the form’s order', () => {
    expect(bankDetailsProblems('CAD', {}).map((p) => p.path)).toEqual([
      'institutionNumber',
      'branchCode',
      'accountNumber',
    ]);
    expect(bankDetailsProblems('AUD', {}).map((p) => p.path)).toEqual(['branchCode', 'accountNumber']);
  });

  it('still takes the others’ account numbers with hyphens as well as spaces', () => {
    expect(
      bankDetailsProblems('ZAR', { bankName: 'FNB', branchCode: '250 655', accountNumber: '6200-1234-5678' }),
    ).toEqual([]);
    expect(bankDetailsProblems('USD', { routingNumber: '021-000-021', accountNumber: '000123456789' })).toEqual([]);
  });

  it('says the bank part of a destination the way each country writes it', () => {
    expect(bankLine('CAD', { institutionNumber: '003', branchCode: '12-345' })).toBe('institution 003 · transit 12345');
    expect(bankLine('AUD', { branchCode: '062000' })).toBe('BSB 062-000');
    expect(bankLine('AUD', { branchCode: '062 000', bankName: null })).toBe('BSB 062-000');
    expect(bankLine('ZAR', { bankName: 'FNB', branchCode: '250655' })).toBe('FNB · branch 250655');
    expect(bankLine('USD', { routingNumber: '021000021', bic: 'chas us 33' })).toBe(
      'routing 021000021 · SWIFT CHASUS33',
    );
    expect(bankLine('EUR', { bic: null, branchCode: null })).toBe('');
  });
});
