import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES as M } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { as } from '../../test/money-factories.js';
import {
  expectHealthyLedger,
  personWithMoney,
  walletOf,
  withdraw,
  withdrawalRows,
} from './withdrawals.test-helpers.js';

/**
 * What a bank needs, by currency, checked on the withdraw route with the shared contract (bank-details.ts):
 * a mistyped IBAN, branch code or routing number is refused before any money moves, and the answer
 * shows only the last four characters of the account or IBAN.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.app.database.db;

const holder = { accountHolderName: 'Thandi Nkosi' };
const za = {
  ...holder,
  amount: '150.00',
  currency: 'ZAR',
  bankName: 'FNB',
  branchCode: '250655',
  accountNumber: '62001234',
};
const eur = { ...holder, amount: '20.00', currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
const gbp = { ...holder, amount: '20.00', currency: 'GBP', iban: 'GB82 WEST 1234 5698 7654 32' };
const usd = { ...holder, amount: '20.00', currency: 'USD', routingNumber: '021000021', accountNumber: '000123456789' };
// Canada (EFT): institution, transit and account number; Australia: BSB and account number. Typed with the
// separators people use, which are dropped before anything is checked or stored.
const cad = {
  ...holder,
  amount: '20.00',
  currency: 'CAD',
  institutionNumber: '003',
  branchCode: '12-345',
  accountNumber: '12345-678901',
};
const aud = { ...holder, amount: '20.00', currency: 'AUD', branchCode: '062-000', accountNumber: '1234 5678' };

describe('POST /api/wallet/withdraw: bank details by currency', () => {
  it.each([
    [
      'EUR: an IBAN whose check digits are wrong',
      { ...eur, iban: 'DE88 3704 0044 0532 0130 00' },
      'iban',
      M.invalidIban,
    ],
    [
      'EUR: no IBAN (an account number is not enough)',
      { ...eur, iban: undefined, accountNumber: '62001234' },
      'iban',
      M.invalidIban,
    ],
    ['EUR: a malformed BIC', { ...eur, bic: 'COBA-DE' }, 'bic', M.invalidBic],
    ['GBP: an IBAN with a typo', { ...gbp, iban: 'GB82 WEST 1234 5698 7654 33' }, 'iban', M.invalidIban],
    ['ZAR: no bank name', { ...za, bankName: '  ' }, 'bankName', M.bankNameRequired],
    ['ZAR: a 5-digit branch code', { ...za, branchCode: '25065' }, 'branchCode', M.invalidBranchCode],
    ['ZAR: no branch code', { ...za, branchCode: undefined }, 'branchCode', M.invalidBranchCode],
    ['ZAR: no account number', { ...za, accountNumber: undefined }, 'accountNumber', M.invalidAccountNumber],
    [
      'USD: a routing number whose checksum fails',
      { ...usd, routingNumber: '021000022' },
      'routingNumber',
      M.invalidRouting,
    ],
    ['USD: neither routing number nor SWIFT', { ...usd, routingNumber: undefined }, 'routingNumber', M.routingOrSwift],
    ['USD: no account number', { ...usd, accountNumber: undefined }, 'accountNumber', M.invalidAccountNumber],
    [
      'CAD: a 2-digit institution number',
      { ...cad, institutionNumber: '03' },
      'institutionNumber',
      M.invalidInstitutionNumber,
    ],
    [
      'CAD: no institution number',
      { ...cad, institutionNumber: undefined },
      'institutionNumber',
      M.invalidInstitutionNumber,
    ],
    ['CAD: a 4-digit transit number', { ...cad, branchCode: '1234' }, 'branchCode', M.invalidTransitNumber],
    ['CAD: a 6-digit account number', { ...cad, accountNumber: '123 456' }, 'accountNumber', M.invalidCaAccountNumber],
    [
      'CAD: a 13-digit account number',
      { ...cad, accountNumber: '1234567890123' },
      'accountNumber',
      M.invalidCaAccountNumber,
    ],
    ['AUD: a 5-digit BSB', { ...aud, branchCode: '062-00' }, 'branchCode', M.invalidBsb],
    ['AUD: no BSB (an account number is not enough)', { ...aud, branchCode: undefined }, 'branchCode', M.invalidBsb],
    [
      'AUD: an 11-digit account number',
      { ...aud, accountNumber: '1234 5678 901' },
      'accountNumber',
      M.invalidAuAccountNumber,
    ],
  ])('%s: 400 VALIDATION with the field’s message, nothing written', async (_what, body, field, message) => {
    const person = await personWithMoney(t.app, 100_000n, body.currency);
    const res = await withdraw(t.app, person, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    expect(await withdrawalRows(db(), person)).toEqual([]);
    expect(await walletOf(db(), person, body.currency)).toBe(100_000n);
  });

  it.each([
    [
      'EUR by IBAN and BIC',
      eur,
      { accountType: 'iban', accountMasked: '•••• 3000', bic: 'COBADEFFXXX' },
      '89370400440532013000',
    ],
    ['GBP by IBAN alone', gbp, { accountType: 'iban', accountMasked: '•••• 5432', bic: null }, '12345698765432'],
    [
      'USD by routing number',
      usd,
      { accountType: 'account', accountMasked: '•••• 6789', routingNumber: '021000021' },
      '000123456789',
    ],
    [
      'USD abroad by SWIFT alone',
      { ...usd, routingNumber: undefined, bic: 'chas us 33' },
      { accountType: 'account', accountMasked: '•••• 6789', routingNumber: null, bic: 'CHASUS33' },
      '000123456789',
    ],
    [
      'CAD by institution, transit and account (EFT)',
      cad,
      { accountType: 'account', accountMasked: '•••• 8901', institutionNumber: '003', branchCode: '12345', bic: null },
      '12345678901',
    ],
    [
      'AUD by BSB and account',
      aud,
      { accountType: 'account', accountMasked: '•••• 5678', branchCode: '062000', institutionNumber: null },
      '12345678',
    ],
    [
      'ZAR by bank, branch and account',
      za,
      { accountType: 'account', accountMasked: '•••• 1234', bankName: 'FNB', branchCode: '250655', bic: null },
      '62001234',
    ],
  ])(
    '%s: 201, the destination stored, the account masked but for its last four',
    async (_what, body, destination, full) => {
      const person = await personWithMoney(t.app, 100_000n, body.currency);
      const res = await withdraw(t.app, person, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().destination).toMatchObject(destination);
      expect(res.body).not.toContain(full);

      // The list answers the same, and the row keeps no more than the answer shows.
      const list = await as(t.app, person)('GET', '/api/wallet/withdrawals');
      expect(list.json()[0].destination).toEqual(res.json().destination);
      expect(list.body).not.toContain(full);
      const [row] = await withdrawalRows(db(), person);
      expect(JSON.stringify({ ...row, amount: String(row!.amount) })).not.toContain(full);
      await expectHealthyLedger(db());
    },
  );

  it('keeps only what the currency asks: a branch code sent with an IBAN is not stored', async () => {
    const person = await personWithMoney(t.app, 100_000n, 'EUR');
    const res = await withdraw(t.app, person, { ...eur, bankName: 'Commerzbank', branchCode: '123456' });
    expect(res.statusCode).toBe(201);
    expect(res.json().destination).toMatchObject({ bankName: null, branchCode: null });
  });

  it('names every wrong Canadian field at once, and writes nothing', async () => {
    const person = await personWithMoney(t.app, 100_000n, 'CAD');
    const res = await withdraw(t.app, person, { ...cad, institutionNumber: '3', branchCode: '', accountNumber: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: M.invalidInstitutionNumber,
      fields: {
        institutionNumber: M.invalidInstitutionNumber,
        branchCode: M.invalidTransitNumber,
        accountNumber: M.invalidCaAccountNumber,
      },
    });
    expect(await withdrawalRows(db(), person)).toEqual([]);
    expect(await walletOf(db(), person, 'CAD')).toBe(100_000n);
  });

  it('keeps only what the currency asks: an institution number sent for Australia is not stored', async () => {
    const person = await personWithMoney(t.app, 100_000n, 'AUD');
    const res = await withdraw(t.app, person, { ...aud, institutionNumber: '003', bankName: 'Commonwealth Bank' });
    expect(res.statusCode).toBe(201);
    expect(res.json().destination).toMatchObject({ institutionNumber: null, bankName: null, branchCode: '062000' });
    const [row] = await withdrawalRows(db(), person);
    expect(row).toMatchObject({ institutionNumber: null, branchCode: '062000', accountLast4: '5678' });
  });
});
