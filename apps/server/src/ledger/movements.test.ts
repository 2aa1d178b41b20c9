import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { journalEntries } from '../db/schema/index.js';
import { disputedPartOf } from '@holdfast/contracts';
import { createTestDatabase } from '../test/test-app.js';
import { creditWallet, insertTransaction, insertUser } from '../test/money-factories.js';
import {
  accountKey,
  cardFundingEntry,
  cardPaymentToWalletEntry,
  checkLedger,
  depositEntry,
  getAccountBalance,
  getWalletBalance,
  LedgerError,
  partialReleaseEntry,
  postEntry,
  refundEntry,
  releaseEntry,
  splitEntry,
  walletFundingEntry,
  type EntryInput,
} from './index.js';

let database: Database & { dispose(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const db = () => database.db;
const escrowOf = (transactionId: string, currency = 'ZAR') =>
  getAccountBalance(db(), accountKey({ type: 'escrow', transactionId, currency }));
const feesIn = (currency: string) => getAccountBalance(db(), accountKey({ type: 'fees', currency }));
const clearingOf = (provider: string, currency = 'ZAR') =>
  getAccountBalance(db(), accountKey({ type: 'provider_clearing', provider, currency }));
const entry = async (entryId: string) => {
  const [row] = await db().select().from(journalEntries).where(eq(journalEntries.id, entryId));
  return row!;
};
const entriesOf = (transactionId: string) =>
  db().select().from(journalEntries).where(eq(journalEntries.transactionId, transactionId));

/** Writes a movement's entry in a database transaction of its own. */
const post = (entry: EntryInput) => db().transaction((tx) => postEntry(tx, entry));

/** Posts a split and reports what each side got, from the entry's own postings. */
async function postSplit(m: Parameters<typeof splitEntry>[0]) {
  const entry = splitEntry(m);
  const to = (key: string) => entry.postings.find((p) => accountKey(p.account) === key)?.amount ?? 0n;
  const { entryId } = await post(entry);
  return {
    entryId,
    buyerGets: to(accountKey({ type: 'wallet', userId: m.buyerId, currency: m.currency })),
    sellerGets: to(accountKey({ type: 'wallet', userId: m.sellerId, currency: m.currency })),
    feeKept: to(accountKey({ type: 'fees', currency: m.currency })),
  };
}

async function expectHealthy() {
  const result = await checkLedger(db());
  expect(result.problems).toEqual([]);
}

/** A transaction of amount + fee already held in escrow (funded from the buyer's wallet). */
async function fundedTransaction(amount: bigint, fee: bigint, currency = 'ZAR') {
  const buyer = await insertUser(db());
  const seller = await insertUser(db());
  const t = await insertTransaction(db(), { buyerId: buyer, amount, fee, currency });
  await creditWallet(db(), buyer, amount + fee, currency);
  await post(walletFundingEntry({ transactionId: t, buyerId: buyer, currency, total: amount + fee }));
  return { buyer, seller, t };
}

describe('money in', () => {
  it('depositToWallet: provider clearing → wallet, the entry names the payment', async () => {
    const user = await insertUser(db());
    const provider = `p-${randomUUID()}`;
    const { entryId } = await post(
      depositEntry({ userId: user, currency: 'ZAR', amount: 5_000n, provider, paymentId: 'pay_1' }),
    );
    expect(await getWalletBalance(db(), user, 'ZAR')).toBe(5_000n);
    expect(await clearingOf(provider)).toBe(-5_000n);
    expect(await entry(entryId)).toMatchObject({
      kind: 'deposit',
      userId: user,
      paymentId: 'pay_1',
      memo: 'Card deposit pay_1',
    });
    await expectHealthy();
  });

  it('walletFundingEntry: the buyer’s wallet pays the total into escrow', async () => {
    const buyer = await insertUser(db());
    const t = await insertTransaction(db(), { buyerId: buyer, amount: 10_000n, fee: 300n });
    await creditWallet(db(), buyer, 12_000n);
    const { entryId } = await post(
      walletFundingEntry({ transactionId: t, buyerId: buyer, currency: 'ZAR', total: 10_300n }),
    );
    expect(await getWalletBalance(db(), buyer, 'ZAR')).toBe(1_700n);
    expect(await escrowOf(t)).toBe(10_300n);
    expect(await entry(entryId)).toMatchObject({
      kind: 'wallet_funding',
      transactionId: t,
      userId: buyer,
      paymentId: null,
      memo: 'Funded from wallet',
    });
    await expectHealthy();
  });

  it('walletFundingEntry: too little money is INSUFFICIENT_FUNDS and writes nothing', async () => {
    const buyer = await insertUser(db());
    const t = await insertTransaction(db(), { buyerId: buyer });
    await creditWallet(db(), buyer, 10_299n);
    await expect(
      post(walletFundingEntry({ transactionId: t, buyerId: buyer, currency: 'ZAR', total: 10_300n })),
    ).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_FUNDS' });
    expect(await getWalletBalance(db(), buyer, 'ZAR')).toBe(10_299n);
    expect(await escrowOf(t)).toBe(0n);
    expect(await entriesOf(t)).toEqual([]);
    await expectHealthy();
  });

  it('walletFundingEntry under concurrency: ten racing fundings of 300 from 1 000 → exactly three', async () => {
    const buyer = await insertUser(db());
    await creditWallet(db(), buyer, 1_000n);
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => insertTransaction(db(), { buyerId: buyer, amount: 291n, fee: 9n })),
    );
    const results = await Promise.allSettled(
      ids.map((t) => post(walletFundingEntry({ transactionId: t, buyerId: buyer, currency: 'ZAR', total: 300n }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await getWalletBalance(db(), buyer, 'ZAR')).toBe(100n);
    await expectHealthy();
  });

  it('cardFundingEntry and cardPaymentToWalletEntry: provider clearing → escrow, or → the buyer’s wallet', async () => {
    const buyer = await insertUser(db());
    const t = await insertTransaction(db(), { buyerId: buyer, amount: 1_000n, fee: 30n, currency: 'USD' });
    const provider = `p-${randomUUID()}`;
    const card = { transactionId: t, buyerId: buyer, currency: 'USD', provider };
    const funded = await post(cardFundingEntry({ ...card, amount: 1_030n, paymentId: 'pi_1' }));
    const returned = await post(cardPaymentToWalletEntry({ ...card, amount: 1_030n, paymentId: 'pi_2' }));
    expect(await escrowOf(t, 'USD')).toBe(1_030n);
    expect(await getWalletBalance(db(), buyer, 'USD')).toBe(1_030n);
    expect(await clearingOf(provider, 'USD')).toBe(-2_060n);
    expect(await entry(funded.entryId)).toMatchObject({
      kind: 'card_funding',
      transactionId: t,
      paymentId: 'pi_1',
      userId: buyer,
      memo: 'Card payment pi_1',
    });
    expect(await entry(returned.entryId)).toMatchObject({
      kind: 'overpayment_refund',
      transactionId: t,
      paymentId: 'pi_2',
      userId: buyer,
      memo: "Card payment pi_2 could not fund the transaction; credited to the buyer's wallet",
    });
    await expectHealthy();
  });
});

describe('money out of escrow', () => {
  it('releaseEntry: the seller gets the amount, the fee account the fee, escrow is empty', async () => {
    const { seller, t } = await fundedTransaction(10_000n, 300n, 'GBP');
    const before = await feesIn('GBP');
    const { entryId } = await post(
      releaseEntry({ transactionId: t, sellerId: seller, currency: 'GBP', amount: 10_000n, fee: 300n }),
    );
    expect(await getWalletBalance(db(), seller, 'GBP')).toBe(10_000n);
    expect((await feesIn('GBP')) - before).toBe(300n);
    expect(await escrowOf(t, 'GBP')).toBe(0n);
    expect(await entry(entryId)).toMatchObject({
      kind: 'release',
      transactionId: t,
      userId: seller,
      paymentId: null,
      memo: 'Buyer confirmed receipt',
    });
    await expectHealthy();
  });

  it('refundEntry: the whole total returns to the buyer', async () => {
    const { buyer, t } = await fundedTransaction(10_000n, 300n);
    const { entryId } = await post(
      refundEntry({ transactionId: t, buyerId: buyer, currency: 'ZAR', total: 10_300n, memo: 'Cancelled' }),
    );
    expect(await getWalletBalance(db(), buyer, 'ZAR')).toBe(10_300n);
    expect(await escrowOf(t)).toBe(0n);
    expect(await entry(entryId)).toMatchObject({
      kind: 'refund',
      transactionId: t,
      userId: buyer,
      paymentId: null,
      memo: 'Cancelled',
    });
    await expectHealthy();
  });

  it('splitEntry: buyer R + the same share of the fee, seller amount − R, fees the rest', async () => {
    const { buyer, seller, t } = await fundedTransaction(10_000n, 300n, 'EUR');
    const before = await feesIn('EUR');
    const split = await postSplit({
      transactionId: t,
      buyerId: buyer,
      sellerId: seller,
      currency: 'EUR',
      amount: 10_000n,
      fee: 300n,
      refund: 2_500n,
    });
    expect(split).toMatchObject({ buyerGets: 2_575n, sellerGets: 7_500n, feeKept: 225n });
    expect(await getWalletBalance(db(), buyer, 'EUR')).toBe(2_575n);
    expect(await getWalletBalance(db(), seller, 'EUR')).toBe(7_500n);
    expect((await feesIn('EUR')) - before).toBe(225n);
    expect(await escrowOf(t, 'EUR')).toBe(0n);
    expect(await entry(split.entryId)).toMatchObject({
      kind: 'partial_resolution',
      transactionId: t,
      userId: buyer,
      paymentId: null,
    });
    await expectHealthy();
  });

  it('splitEntry rounds the buyer’s fee share half-up (amount 333, fee 10, R 100 → fee back 3)', async () => {
    const { buyer, seller, t } = await fundedTransaction(333n, 10n, 'AUD');
    const before = await feesIn('AUD');
    const split = await postSplit({
      transactionId: t,
      buyerId: buyer,
      sellerId: seller,
      currency: 'AUD',
      amount: 333n,
      fee: 10n,
      refund: 100n,
    });
    expect(split).toMatchObject({ buyerGets: 103n, sellerGets: 233n, feeKept: 7n });
    expect(await getWalletBalance(db(), buyer, 'AUD')).toBe(103n);
    expect(await getWalletBalance(db(), seller, 'AUD')).toBe(233n);
    expect((await feesIn('AUD')) - before).toBe(7n);
    expect(await escrowOf(t, 'AUD')).toBe(0n);
    await expectHealthy();
  });

  it('splitEntry with nothing left for the fee account (no fee, or the share rounds up to all of it)', async () => {
    const before = await feesIn('USD');
    const noFee = await fundedTransaction(1_000n, 0n, 'USD');
    const a = await postSplit({
      transactionId: noFee.t,
      buyerId: noFee.buyer,
      sellerId: noFee.seller,
      currency: 'USD',
      amount: 1_000n,
      fee: 0n,
      refund: 400n,
    });
    expect(a).toMatchObject({ buyerGets: 400n, sellerGets: 600n, feeKept: 0n });
    expect(await getWalletBalance(db(), noFee.buyer, 'USD')).toBe(400n);
    expect(await getWalletBalance(db(), noFee.seller, 'USD')).toBe(600n);
    expect(await escrowOf(noFee.t, 'USD')).toBe(0n);

    const allBack = await fundedTransaction(3n, 1n, 'USD'); // fee back = 1 × 2 / 3 = 0.67 → 1
    const b = await postSplit({
      transactionId: allBack.t,
      buyerId: allBack.buyer,
      sellerId: allBack.seller,
      currency: 'USD',
      amount: 3n,
      fee: 1n,
      refund: 2n,
    });
    expect(b).toMatchObject({ buyerGets: 3n, sellerGets: 1n, feeKept: 0n });
    expect(await getWalletBalance(db(), allBack.buyer, 'USD')).toBe(3n);
    expect(await getWalletBalance(db(), allBack.seller, 'USD')).toBe(1n);
    expect(await escrowOf(allBack.t, 'USD')).toBe(0n);
    expect(await feesIn('USD')).toBe(before);
    await expectHealthy();
  });

  it('splitEntry refuses a refund that is not strictly between 0 and the amount, and writes nothing', async () => {
    const { buyer, seller, t } = await fundedTransaction(10_000n, 300n, 'CAD');
    for (const refund of [0n, -1n, 10_000n, 10_001n]) {
      const attempt = db().transaction(async (tx) =>
        postEntry(
          tx,
          splitEntry({
            transactionId: t,
            buyerId: buyer,
            sellerId: seller,
            currency: 'CAD',
            amount: 10_000n,
            fee: 300n,
            refund,
          }),
        ),
      );
      await expect(attempt).rejects.toBeInstanceOf(LedgerError);
      await expect(attempt).rejects.toThrow(/split refund/);
    }
    expect(await escrowOf(t, 'CAD')).toBe(10_300n);
    expect(await getWalletBalance(db(), buyer, 'CAD')).toBe(0n);
    expect(await getWalletBalance(db(), seller, 'CAD')).toBe(0n);
    expect((await entriesOf(t)).map((e) => e.kind)).toEqual(['wallet_funding']);
    await expectHealthy();
  });
});

describe('a partial dispute opens: partialReleaseEntry', () => {
  const postRelease = async (amount: bigint, fee: bigint, disputed: bigint) => {
    const { buyer, seller, t } = await fundedTransaction(amount, fee);
    const feesBefore = await feesIn('ZAR');
    const { entryId } = await post(
      partialReleaseEntry({ transactionId: t, sellerId: seller, currency: 'ZAR', amount, fee, disputed }),
    );
    return {
      buyer,
      seller,
      t,
      entryId,
      escrow: await escrowOf(t),
      sellerGot: await getWalletBalance(db(), seller, 'ZAR'),
      feesGot: (await feesIn('ZAR')) - feesBefore,
    };
  };

  it('releases amount − D to the seller and the rest of the fee; escrow keeps D and its fee share', async () => {
    // 500.00 (fee 15.00), 300.00 disputed: the disputed part keeps 9.00 of the fee, the remainder pays 6.00.
    const r = await postRelease(50_000n, 1_500n, 30_000n);
    expect(r).toMatchObject({ escrow: 30_900n, sellerGot: 20_000n, feesGot: 600n });
    expect(await entry(r.entryId)).toMatchObject({ kind: 'partial_release', transactionId: r.t, userId: r.seller });
    await expectHealthy();
  });

  it('rounds the disputed part’s fee share half-up, as a refund of D would (333, fee 10, D 100 → 3)', async () => {
    const r = await postRelease(333n, 10n, 100n);
    expect(r).toMatchObject({ escrow: 103n, sellerGot: 233n, feesGot: 7n });
    await expectHealthy();
  });

  it('posts no fee line when the remainder has no fee share (no fee at all)', async () => {
    const r = await postRelease(10_000n, 0n, 2_500n);
    expect(r).toMatchObject({ escrow: 2_500n, sellerGot: 7_500n, feesGot: 0n });
    await expectHealthy();
  });

  it('after the release, every outcome of the disputed part empties escrow to the cent', async () => {
    const amount = 33_337n;
    const fee = 1_000n;
    const disputed = 12_345n;
    const part = disputedPartOf(amount, fee, disputed);
    for (const outcome of ['release', 'refund', 'split'] as const) {
      const r = await postRelease(amount, fee, disputed);
      expect(r.escrow).toBe(part.amount + part.fee);
      const money = { transactionId: r.t, currency: 'ZAR', amount: part.amount, fee: part.fee };
      if (outcome === 'release') await post(releaseEntry({ ...money, sellerId: r.seller }));
      if (outcome === 'refund') {
        await post(
          refundEntry({
            transactionId: r.t,
            currency: 'ZAR',
            buyerId: r.buyer,
            total: money.amount + money.fee,
            memo: 'x',
          }),
        );
      }
      if (outcome === 'split') await postSplit({ ...money, buyerId: r.buyer, sellerId: r.seller, refund: 4_321n });
      expect(await escrowOf(r.t)).toBe(0n);
    }
    await expectHealthy();
  });

  it('refuses D of 0, D equal to the amount or above it, and writes nothing', async () => {
    const { seller, t } = await fundedTransaction(10_000n, 300n);
    for (const disputed of [0n, -1n, 10_000n, 10_001n]) {
      expect(() =>
        partialReleaseEntry({
          transactionId: t,
          sellerId: seller,
          currency: 'ZAR',
          amount: 10_000n,
          fee: 300n,
          disputed,
        }),
      ).toThrow(LedgerError);
    }
    expect(await escrowOf(t)).toBe(10_300n);
    expect(await entriesOf(t)).toHaveLength(1);
  });
});
