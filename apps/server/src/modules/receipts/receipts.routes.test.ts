import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_PHRASE, formatMoney, toDecimal } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, createTransaction, creditWallet, ZA_BANK } from '../../test/money-factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { checkLedger } from '../../ledger/index.js';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema/index.js';

let t: TestApp;
let moderator: RegisteredUser;
let stranger: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  [moderator, stranger] = await Promise.all([registerUser(t.app, { role: 'moderator' }), registerUser(t.app)]);
});
afterAll(() => t.close());

const db = () => t.app.database.db;
/** A withdrawal of R 150,00 to an account ending 5678. */
const withdraw150 = (who: RegisteredUser) =>
  as(t.app, who)(
    'POST',
    '/api/wallet/withdraw',
    { amount: '150.00', currency: 'ZAR', accountHolderName: 'Thandi Nkosi', ...ZA_BANK },
    { 'idempotency-key': crypto.randomUUID() },
  );
const zar = (minor: bigint) => formatMoney(toDecimal(minor, 'ZAR'), 'ZAR').replaceAll('\u00a0', ' ');
const receipt = (who: RegisteredUser | null, url: string) => as(t.app, who)('GET', url);

/** The receipt's text, after checking it is a PDF download. */
function textOf(res: Awaited<ReturnType<typeof receipt>>) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="holdfast-[\w-]+\.pdf"$/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(res.rawPayload);
}

/** What the ledger entries of a deal of `kind` posted to wallets and the fee account, in minor units. */
async function posted(transactionId: string, kinds: string[]) {
  const rows = await db()
    .select({
      kind: journalEntries.kind,
      type: ledgerAccounts.type,
      userId: ledgerAccounts.userId,
      amount: postings.amount,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(journalEntries.transactionId, transactionId));
  const of = (pick: (r: (typeof rows)[number]) => boolean) =>
    rows.filter((r) => kinds.includes(r.kind) && pick(r)).reduce((sum, r) => sum + r.amount, 0n);
  return {
    of,
    paid: rows.filter((r) => r.kind === 'wallet_funding' && r.type === 'escrow').reduce((s, r) => s + r.amount, 0n),
  };
}

async function disputed() {
  const deal = await acceptedFundedTransaction(t.app, { amount: '100.00', description: 'Camera with lens' });
  const res = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: deal.transaction.id,
    type: 'quality_issue',
    description: 'The camera lens is cracked',
  });
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string };
}

const resolve = (id: string, body: object) =>
  as(t.app, moderator)('PATCH', `/api/disputes/${id}/resolve`, { resolutionNotes: 'Decided on the evidence', ...body });

describe('GET /api/transactions/:id/receipt.pdf', () => {
  it('a released deal: amounts from the ledger entries, for both parties and staff', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, {
      amount: '1234.50',
      description: 'Walnut desk',
    });
    const url = `/api/transactions/${transaction.id}/receipt.pdf`;
    const early = await receipt(buyer, url);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_FINISHED');
    const confirm = await as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(confirm.statusCode).toBe(200);

    const ledger = await posted(transaction.id, ['release']);
    const sellerGot = ledger.of((r) => r.type === 'wallet' && r.userId === seller.user.id);
    const fee = ledger.of((r) => r.type === 'fees');
    expect([sellerGot, fee, ledger.paid]).toEqual([123_450n, 3_704n, 127_154n]);
    for (const who of [buyer, seller, moderator]) {
      const text = textOf(await receipt(who, url));
      expect(text).toContain('Completed: the money was released to the seller');
      expect(text).toContain('Walnut desk');
      expect(text).toContain(`HF-${transaction.id.slice(0, 8).toUpperCase()}`);
      expect(text).toContain(buyer.email);
      expect(text).toContain(seller.email);
      expect(text).toMatch(new RegExp(`Seller received\\n${zar(sellerGot)}`));
      expect(text).toMatch(new RegExp(`Service fee\\n${zar(fee)}`));
      expect(text).toMatch(new RegExp(`Buyer paid into escrow\\n${zar(ledger.paid)}`));
      expect(text).toMatch(/Buyer refunded\nR 0,00/);
    }
  });

  it('a refunded deal and a split one say where the money went, as posted', async () => {
    const refunded = await disputed();
    expect((await resolve(refunded.disputeId, { resolution: 'refund_buyer' })).statusCode).toBe(200);
    const refundText = textOf(
      await receipt(refunded.buyer, `/api/transactions/${refunded.transaction.id}/receipt.pdf`),
    );
    expect(refundText).toContain('Refunded: the money went back to the buyer');
    expect(refundText).toMatch(/Buyer refunded\nR 103,00/);
    expect(refundText).toMatch(/Seller received\nR 0,00/);

    const split = await disputed();
    expect(
      (await resolve(split.disputeId, { resolution: 'partial_resolution', refundAmount: '40.00' })).statusCode,
    ).toBe(200);
    const ledger = await posted(split.transaction.id, ['partial_resolution']);
    const buyerGot = ledger.of((r) => r.type === 'wallet' && r.userId === split.buyer.user.id);
    const sellerGot = ledger.of((r) => r.type === 'wallet' && r.userId === split.seller.user.id);
    const fee = ledger.of((r) => r.type === 'fees');
    expect([buyerGot, sellerGot, fee]).toEqual([4_120n, 6_000n, 180n]);
    const text = textOf(await receipt(split.seller, `/api/transactions/${split.transaction.id}/receipt.pdf`));
    expect(text).toContain('Split: the money was shared between buyer and seller');
    expect(text).toMatch(new RegExp(`Buyer refunded\\n${zar(buyerGot)}`));
    expect(text).toMatch(new RegExp(`Seller received\\n${zar(sellerGot)}`));
    expect(text).toMatch(new RegExp(`Service fee\\n${zar(fee)}`));
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('is 409 for a deal still under way or ended unpaid, 404 for strangers and unknown ids', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app);
    const url = `/api/transactions/${transaction.id}/receipt.pdf`;
    for (const who of [buyer, seller]) expect((await receipt(who, url)).json().code).toBe('NOT_FINISHED');
    const declined = await createTransaction(t.app, buyer, seller.email);
    await as(t.app, seller)('PATCH', `/api/transactions/${declined.id}/decline`);
    expect((await receipt(buyer, `/api/transactions/${declined.id}/receipt.pdf`)).statusCode).toBe(409);

    expect((await receipt(stranger, url)).statusCode).toBe(404);
    expect((await receipt(buyer, '/api/transactions/not-a-uuid/receipt.pdf')).statusCode).toBe(404);
    expect((await receipt(buyer, `/api/transactions/${crypto.randomUUID()}/receipt.pdf`)).statusCode).toBe(404);
    expect((await receipt(null, url)).statusCode).toBe(401);
  });
});

describe('deposit and withdrawal receipts', () => {
  it('a deposit, by its payment id: its owner and staff, nobody else', async () => {
    const owner = await registerUser(t.app, { firstName: 'Ada', lastName: 'Lovelace', tier: 2 });
    await creditWallet(db(), owner.user.id, 25_000n);
    await creditWallet(db(), owner.user.id, 7_550n);
    const [entry] = await db()
      .select({ paymentId: journalEntries.paymentId })
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, owner.user.id), eq(journalEntries.kind, 'deposit')))
      .orderBy(journalEntries.createdAt)
      .offset(1);
    const url = `/api/wallet/deposits/${entry!.paymentId}/receipt.pdf`;
    for (const who of [owner, moderator]) {
      const text = textOf(await receipt(who, url));
      expect(text).toMatch(/Amount deposited\nR 75,50/);
      expect(text).toMatch(/Wallet balance after\nR 325,50/);
      expect(text).toContain(`Ada Lovelace <${owner.email}>`);
    }
    expect((await receipt(stranger, url)).statusCode).toBe(404);
    expect((await receipt(owner, '/api/wallet/deposits/pay_nothing/receipt.pdf')).statusCode).toBe(404);
    expect((await receipt(null, url)).statusCode).toBe(401);
  });

  it('a withdrawal: the amount that left the wallet, with its state', async () => {
    const owner = await registerUser(t.app, { tier: 2 });
    await creditWallet(db(), owner.user.id, 50_000n);
    const res = await withdraw150(owner);
    expect(res.statusCode).toBe(201);
    const url = `/api/withdrawals/${res.json().id}/receipt.pdf`;
    for (const who of [owner, moderator]) {
      const text = textOf(await receipt(who, url));
      expect(text).toMatch(/Amount withdrawn\nR 150,00/);
      expect(text).toContain('On its way to the bank account');
      expect(text).toContain('account ending 5678');
    }
    expect((await receipt(stranger, url)).statusCode).toBe(404);
    expect((await receipt(owner, `/api/withdrawals/${crypto.randomUUID()}/receipt.pdf`)).statusCode).toBe(404);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
