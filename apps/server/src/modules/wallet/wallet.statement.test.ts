import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_PHRASE, STATEMENT_PAGE_SIZE, type TStatement, type TStatementEntry } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import {
  as,
  createTransaction,
  creditWallet,
  fundFromWallet,
  acceptTransaction,
  ZA_BANK,
} from '../../test/money-factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { checkLedger, getWalletBalance } from '../../ledger/index.js';
import { ledgerAccounts, postings } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
const today = () => new Date().toISOString().slice(0, 10);
const get = (who: RegisteredUser | null, url: string) => as(t.app, who)('GET', url);

/** Every posting of the user's ZAR wallet, as the ledger holds it: id → balance after, in minor units. */
async function ledgerBalances(who: RegisteredUser): Promise<Map<string, bigint>> {
  const rows = await db()
    .select({ id: postings.id, balanceAfter: postings.balanceAfter })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(sql`${ledgerAccounts.key} = ${`wallet:${who.user.id}:ZAR`}`);
  return new Map(rows.map((r) => [r.id, r.balanceAfter]));
}

const minor = (decimal: string) => BigInt(decimal.replace('.', ''));

describe('the wallet statement', () => {
  let buyer: RegisteredUser;
  let seller: RegisteredUser;

  beforeAll(async () => {
    [buyer, seller] = await Promise.all([
      registerUser(t.app, { tier: 2 }),
      registerUser(t.app, { role: 'seller', tier: 2 }),
    ]);
    // Deposits 500.00 and 200.00; a deal of 100.00 (total 103.00) funded from the wallet, accepted and
    // released; a withdrawal of 150.00.
    await creditWallet(db(), buyer.user.id, 50_000n);
    await creditWallet(db(), buyer.user.id, 20_000n);
    const deal = await createTransaction(t.app, buyer, seller.email, { description: 'Bike, "red", =cheap' });
    await fundFromWallet(t.app, buyer, deal.id);
    const held = (await get(buyer, '/api/wallet/balance')).json();
    expect(held).toMatchObject({ balance: '597.00', heldInEscrow: [{ currency: 'ZAR', amount: '103.00' }] });
    await acceptTransaction(t.app, seller, deal.id);
    const confirmed = await as(t.app, buyer)('PATCH', `/api/transactions/${deal.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await withdraw150(buyer)).statusCode).toBe(201);
  });

  it('has each movement with the ledger’s balance after it, and opening and closing balances', async () => {
    const res = await get(buyer, '/api/wallet/statement');
    expect(res.statusCode).toBe(200);
    const s: TStatement = res.json();
    expect(s).toMatchObject({
      currency: 'ZAR',
      to: today(),
      openingBalance: '0.00',
      closingBalance: '447.00',
      totalIn: '700.00',
      totalOut: '-253.00',
      page: 1,
      totalEntries: 4,
      totalPages: 1,
    });
    expect(s.entries.map((e) => [e.description, e.amount, e.balance])).toEqual([
      ['Deposit by card', '500.00', '500.00'],
      ['Deposit by card', '200.00', '700.00'],
      ['Payment for "Bike, "red", =cheap"', '-103.00', '597.00'],
      ['Withdrawal to account ending 5678', '-150.00', '447.00'],
    ]);
    // Every row's balance is the ledger posting's own, and they chain from the opening balance.
    const ledger = await ledgerBalances(buyer);
    let running = minor(s.openingBalance);
    for (const e of s.entries) {
      running += minor(e.amount);
      expect(minor(e.balance)).toBe(running);
      expect(ledger.get(e.id)).toBe(running);
    }
    expect(minor(s.closingBalance)).toBe(await getWalletBalance(db(), buyer.user.id, 'ZAR'));
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('shows the seller the release, and what is in flight on the wallet answer', async () => {
    const s: TStatement = (await get(seller, '/api/wallet/statement?currency=ZAR')).json();
    expect(s.entries.map((e) => [e.amount, e.balance])).toEqual([['100.00', '100.00']]);
    expect((await get(buyer, '/api/wallet/balance')).json()).toMatchObject({
      heldInEscrow: [],
      onItsWayOut: [{ currency: 'ZAR', amount: '150.00' }],
    });
  });

  it('pages the range, oldest first, and keeps opening balances across ranges', async () => {
    const many = await registerUser(t.app);
    for (let i = 1; i <= STATEMENT_PAGE_SIZE + 3; i += 1) await creditWallet(db(), many.user.id, BigInt(i * 100));
    const first: TStatement = (await get(many, '/api/wallet/statement')).json();
    const second: TStatement = (await get(many, '/api/wallet/statement?page=2')).json();
    const beyond: TStatement = (await get(many, '/api/wallet/statement?page=3')).json();
    expect(first.entries).toHaveLength(STATEMENT_PAGE_SIZE);
    expect(second.entries).toHaveLength(3);
    expect(beyond.entries).toEqual([]);
    expect([first.totalPages, first.totalEntries]).toEqual([2, STATEMENT_PAGE_SIZE + 3]);
    const all: TStatementEntry[] = [...first.entries, ...second.entries];
    expect(all.map((e) => e.amount)).toEqual(all.map((_e, i) => `${i + 1}.00`));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    // A range after every movement opens and closes at the balance; one before them all is empty at 0.
    const later: TStatement = (await get(many, `/api/wallet/statement?from=2999-01-01&to=2999-01-31`)).json();
    expect(later).toMatchObject({ openingBalance: second.closingBalance, closingBalance: second.closingBalance });
    expect(later.entries).toEqual([]);
    const earlier: TStatement = (await get(many, `/api/wallet/statement?from=2000-01-01&to=2000-12-31`)).json();
    expect(earlier).toMatchObject({ openingBalance: '0.00', closingBalance: '0.00', totalEntries: 0 });
    // Another currency the person never used: all zero.
    expect((await get(many, '/api/wallet/statement?currency=EUR')).json()).toMatchObject({
      currency: 'EUR',
      closingBalance: '0.00',
      entries: [],
    });
  });

  it('exports every row as CSV, quoted and safe to open in a spreadsheet', async () => {
    const res = await get(buyer, `/api/wallet/statement.csv?from=2000-01-01&to=${today()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="holdfast-statement-ZAR-2000-01-01-to-${today()}.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Description,Amount,Balance,Currency,Transaction');
    expect(lines[1]).toBe('2000-01-01,Opening balance,,0.00,ZAR,');
    expect(lines[2]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,Deposit by card,500.00,500.00,ZAR,$/);
    expect(lines[4]).toMatch(/,"Payment for ""Bike, ""red"", =cheap""",-103.00,597.00,ZAR,[0-9a-f-]{36}$/);
    expect(lines[5]).toContain(',Withdrawal to account ending 5678,-150.00,447.00,ZAR,');
    expect(lines[6]).toBe(`${today()},Closing balance,,447.00,ZAR,`);
    expect(lines).toHaveLength(7);
  });

  it('exports the statement as a PDF with the same balances', async () => {
    const res = await get(buyer, '/api/wallet/statement.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const shown of ['Wallet statement', 'Opening balance', 'R 0,00', 'R 447,00', '-R 103,00', 'R 597,00'])
      expect(text).toContain(shown);
    expect(text).toContain('Payment for "Bike, "red", =cheap"');
  });

  it('refuses bad ranges and strangers', async () => {
    for (const query of ['from=2026-02-01&to=2026-01-01', 'from=yesterday', 'currency=XYZ', 'page=0']) {
      const res = await get(buyer, `/api/wallet/statement?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await get(buyer, '/api/wallet/statement.csv?from=2999-01-01')).statusCode).toBe(400);
    for (const url of ['/api/wallet/statement', '/api/wallet/statement.csv', '/api/wallet/statement.pdf'])
      expect((await get(null, url)).statusCode).toBe(401);
    // Each person reads only their own wallet.
    const stranger = await registerUser(t.app);
    expect((await get(stranger, '/api/wallet/statement')).json()).toMatchObject({ totalEntries: 0, entries: [] });
  });
});
