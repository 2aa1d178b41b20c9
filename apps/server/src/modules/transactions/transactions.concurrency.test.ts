import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { acceptedFundedTransaction, as, creditWallet, insertTransaction, parties } from '../../test/money-factories.js';
import { checkLedger, getAccountBalance, getWalletBalance } from '../../ledger/index.js';
import { rawRows } from '../../ledger/queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const N = 50;

describe('races', () => {
  it(`${N} simultaneous confirmations release exactly once`, async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    const feesBefore = await getAccountBalance(db(), 'fees:ZAR');
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
          confirmationPhrase: CONFIRMATION_PHRASE,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect((await getAccountBalance(db(), 'fees:ZAR')) - feesBefore).toBe(300n);
    expect(await getAccountBalance(db(), `escrow:${transaction.id}:ZAR`)).toBe(0n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it(`${N} simultaneous wallet fundings never overdraw the wallet`, async () => {
    const { buyer, seller } = await parties(t.app);
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      ids.push(
        await insertTransaction(db(), {
          buyerId: buyer.user.id,
          sellerEmail: seller.email,
          amount: 10_000n,
          fee: 300n,
        }),
      );
    }
    const balance = 10_300n * 17n + 250n;
    await creditWallet(db(), buyer.user.id, balance);

    const results = await Promise.all(
      ids.map((id) => as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(Number(balance / 10_300n));
    expect(refused).toHaveLength(N - ok.length);
    expect(refused.every((r) => r.json().code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(250n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it(`${N} simultaneous fundings of one transaction (one statement each, no lock before it) fund it once`, async () => {
    const { buyer, seller } = await parties(t.app);
    const id = await insertTransaction(db(), {
      buyerId: buyer.user.id,
      sellerEmail: seller.email,
      amount: 10_000n,
      fee: 300n,
    });
    await creditWallet(db(), buyer.user.id, 10_300n * 3n);

    const results = await Promise.all(
      Array.from({ length: N }, () => as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n * 2n);
    expect(await getAccountBalance(db(), `escrow:${id}:ZAR`)).toBe(10_300n);
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await rawRows<{ n: number | string }>(db(), query))[0]!.n);
    expect(await count(sql`select count(*) as n from journal_entries where transaction_id = ${id}`)).toBe(1);
    expect(
      await count(
        sql`select count(*) as n from transaction_events where transaction_id = ${id} and action = 'fund_from_wallet'`,
      ),
    ).toBe(1);
    expect(await count(sql`select count(*) as n from jobs where key = ${`deadline:unaccepted:${id}`}`)).toBe(1);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('a confirmation whose seller no longer has a verified account releases nothing (SELLER_MISSING)', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { amount: '100.00' });
    await db().execute(sql`update users set email_verified = false where id = ${seller.user.id}`);
    const res = await as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(res.json()).toMatchObject({ code: 'SELLER_MISSING' });
    expect(await getAccountBalance(db(), `escrow:${transaction.id}:ZAR`)).toBe(10_300n);
    const [row] = await rawRows<{ status: string }>(
      db(),
      sql`select status from transactions where id = ${transaction.id}`,
    );
    expect(row).toEqual({ status: 'active' });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('a release with no fee writes no fee posting, in the one-statement path as in the locked one', async () => {
    const { buyer, seller } = await parties(t.app);
    const id = await insertTransaction(db(), {
      buyerId: buyer.user.id,
      sellerEmail: seller.email,
      amount: 10_000n,
      fee: 0n,
    });
    await creditWallet(db(), buyer.user.id, 10_000n);
    expect((await as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`)).statusCode).toBe(200);
    expect((await as(t.app, seller)('PATCH', `/api/transactions/${id}/accept`, {})).statusCode).toBe(200);
    const feesBefore = await getAccountBalance(db(), 'fees:ZAR');
    const res = await as(t.app, buyer)('PATCH', `/api/transactions/${id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(res.statusCode).toBe(200);
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect(await getAccountBalance(db(), 'fees:ZAR')).toBe(feesBefore);
    const postings = await rawRows<{ n: number | string }>(
      db(),
      sql`select count(*) as n from postings p join journal_entries e on e.id = p.entry_id
          where e.transaction_id = ${id} and e.kind = 'release'`,
    );
    expect(Number(postings[0]!.n)).toBe(2);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it(`${N} simultaneous accepts (one statement each, no BEGIN/COMMIT) accept once, with one history row and one notification`, async () => {
    const { buyer, seller } = await parties(t.app);
    const id = await insertTransaction(db(), {
      buyerId: buyer.user.id,
      sellerEmail: seller.email,
      amount: 10_000n,
      fee: 300n,
    });
    const results = await Promise.all(
      Array.from({ length: N }, () => as(t.app, seller)('PATCH', `/api/transactions/${id}/accept`, {})),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array.from({ length: N - 1 }, () => 'ALREADY_ACCEPTED'),
    );
    const history = await rawRows(
      db(),
      sql`select from_status, to_status, actor_id from transaction_events where transaction_id = ${id} and action = 'accept'`,
    );
    expect(history).toEqual([{ from_status: 'pending', to_status: 'active', actor_id: seller.user.id }]);
    const notified = await rawRows(
      db(),
      sql`select 1 from jobs where kind = 'notify' and payload->'event'->>'type' = 'transaction.accepted'
            and payload->'event'->>'transactionId' = ${id}`,
    );
    expect(notified).toHaveLength(1);
  });

  it('an accept by the buyer, a stranger or a seller whose address is not verified changes nothing', async () => {
    const { buyer, seller } = await parties(t.app);
    const id = await insertTransaction(db(), {
      buyerId: buyer.user.id,
      sellerEmail: seller.email,
      amount: 10_000n,
      fee: 300n,
    });
    const stranger = (await parties(t.app)).seller;
    expect((await as(t.app, buyer)('PATCH', `/api/transactions/${id}/accept`, {})).statusCode).toBe(403);
    expect((await as(t.app, stranger)('PATCH', `/api/transactions/${id}/accept`, {})).statusCode).toBe(404);
    await rawRows(db(), sql`update users set email_verified = false where id = ${seller.user.id}`);
    const unverified = await as(t.app, seller)('PATCH', `/api/transactions/${id}/accept`, {});
    expect(unverified.json().code).toBe('EMAIL_NOT_VERIFIED');
    const row = await rawRows(db(), sql`select status from transactions where id = ${id}`);
    expect(row).toEqual([{ status: 'pending' }]);
    const history = await rawRows(db(), sql`select 1 from transaction_events where transaction_id = ${id}`);
    expect(history).toHaveLength(0);
  });

  it('a decline racing a wallet funding never loses the money', async () => {
    const { buyer, seller } = await parties(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(
        await insertTransaction(db(), {
          buyerId: buyer.user.id,
          sellerEmail: seller.email,
          amount: 10_000n,
          fee: 300n,
        }),
      );
    }
    await creditWallet(db(), buyer.user.id, 10_300n * 10n);
    await Promise.all(
      ids.flatMap((id) => [
        as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`),
        as(t.app, seller)('PATCH', `/api/transactions/${id}/decline`),
      ]),
    );
    // Every transaction ends cancelled; whatever was funded came back, so the wallet is whole again.
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n * 10n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it("a buyer's cancel racing their own wallet funding: the entry, the state and the history agree", async () => {
    const { buyer, seller } = await parties(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(
        await insertTransaction(db(), {
          buyerId: buyer.user.id,
          sellerEmail: seller.email,
          amount: 10_000n,
          fee: 300n,
        }),
      );
    }
    await creditWallet(db(), buyer.user.id, 10_300n * 10n);
    const results = await Promise.all(
      ids.flatMap((id) => [
        as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`),
        as(t.app, buyer)('PATCH', `/api/transactions/${id}/cancel`),
      ]),
    );
    // Each cancel wins (the deal was pending, funded or not); a fund after it is refused.
    expect(results.filter((_, i) => i % 2 === 1).every((r) => r.statusCode === 200)).toBe(true);
    for (const id of ids) {
      const [row] = await rawRows<{ status: string; payment_status: string }>(
        db(),
        sql`select status, payment_status from transactions where id = ${id}`,
      );
      const actions = (
        await rawRows<{ action: string }>(
          db(),
          sql`select action from transaction_events where transaction_id = ${id} order by at, id`,
        )
      ).map((r) => r.action);
      const entries = (
        await rawRows<{ kind: string }>(db(), sql`select kind from journal_entries where transaction_id = ${id}`)
      ).map((r) => r.kind);
      expect(row!.status).toBe('cancelled');
      if (row!.payment_status === 'refunded') {
        // Funded first: one funding entry and one refund, each with its history row.
        expect(entries.sort()).toEqual(['refund', 'wallet_funding']);
        expect(actions.filter((a) => a === 'fund_from_wallet')).toHaveLength(1);
      } else {
        // Cancelled first: no money moved and no funding recorded.
        expect(row!.payment_status).toBe('unpaid');
        expect(entries).toEqual([]);
        expect(actions).not.toContain('fund_from_wallet');
      }
      expect(await getAccountBalance(db(), `escrow:${id}:ZAR`)).toBe(0n);
    }
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(10_300n * 10n);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  for (const wallet of ['short by one cent', 'never credited'] as const) {
    it(`a wallet funding refused for insufficient funds (wallet ${wallet}) writes nothing`, async () => {
      const { buyer, seller } = await parties(t.app);
      const id = await insertTransaction(db(), {
        buyerId: buyer.user.id,
        sellerEmail: seller.email,
        amount: 10_000n,
        fee: 300n,
      });
      if (wallet === 'short by one cent') await creditWallet(db(), buyer.user.id, 10_299n);
      const count = async (query: ReturnType<typeof sql>) =>
        Number((await rawRows<{ n: number | string }>(db(), query))[0]!.n);
      const before = {
        accounts: await count(sql`select count(*) as n from ledger_accounts`),
        entries: await count(sql`select count(*) as n from journal_entries`),
        postings: await count(sql`select count(*) as n from postings`),
        history: await count(sql`select count(*) as n from transaction_events where transaction_id = ${id}`),
        jobs: await count(sql`select count(*) as n from jobs where payload::text like ${`%${id}%`}`),
      };

      const res = await as(t.app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient wallet balance' });

      // The state change, its history, its jobs and the entry were one statement: none of it stays.
      expect({
        accounts: await count(sql`select count(*) as n from ledger_accounts`),
        entries: await count(sql`select count(*) as n from journal_entries`),
        postings: await count(sql`select count(*) as n from postings`),
        history: await count(sql`select count(*) as n from transaction_events where transaction_id = ${id}`),
        jobs: await count(sql`select count(*) as n from jobs where payload::text like ${`%${id}%`}`),
      }).toEqual(before);
      const [row] = await rawRows<{ status: string; payment_status: string; funded_at: unknown }>(
        db(),
        sql`select status, payment_status, funded_at from transactions where id = ${id}`,
      );
      expect(row).toEqual({ status: 'pending', payment_status: 'unpaid', funded_at: null });
      expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(wallet === 'never credited' ? 0n : 10_299n);
      expect((await checkLedger(db())).problems).toEqual([]);
    });
  }
});
