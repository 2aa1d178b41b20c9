import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { checkLedger, getWalletBalance } from '../../ledger/index.js';
import { statementRecordingApp } from '../../test/statement-recorder.js';
import { as, creditWallet, parties } from '../../test/money-factories.js';

/**
 * The release path's statement budget (issue 12): a count, not a timing, so it is deterministic. Every
 * statement the driver is sent is recorded (test/statement-recorder.ts: a wrapper around the driver: PGlite's
 * query/exec/transaction, or pg.Client.prototype.query), then sorted into the session lookup (another
 * part of the request path), BEGIN/COMMIT, and the release's own work.
 */
let recorder: Awaited<ReturnType<typeof statementRecordingApp>>;
let app: FastifyInstance;
beforeAll(async () => {
  recorder = await statementRecordingApp();
  app = recorder.app;
});
afterAll(() => recorder.close());

type Counts = { work: number; session: number; transactions: number };
async function counted(run: () => Promise<{ statusCode: number; body: string }>): Promise<Counts> {
  const { res, statements } = await recorder.record(run);
  expect(res.statusCode, res.body).toBeLessThan(300);
  const counts: Counts = { work: 0, session: 0, transactions: 0 };
  for (const text of statements) {
    if (/^\s*begin\b/i.test(text)) counts.transactions += 1;
    else if (/^\s*(commit|rollback)\b/i.test(text)) continue;
    else if (/"sessions"/.test(text)) counts.session += 1;
    else counts.work += 1;
  }
  return counts;
}

describe('one escrow release (create → fund from wallet → accept → confirm)', () => {
  it('runs at most 13 statements with its session lookups (BEGIN/COMMIT apart): create alone, each change in its transaction', async () => {
    const { buyer, seller } = await parties(app);
    await creditWallet(app.database.db, buyer.user.id, 103_00n);

    let id = '';
    const create = await counted(async () => {
      const res = await as(app, buyer)('POST', '/api/transactions', {
        amount: '100.00',
        currency: 'ZAR',
        sellerEmail: seller.email,
        description: 'Counted',
      });
      id = res.json().id;
      return res;
    });
    const fund = await counted(() => as(app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`));
    const accept = await counted(() => as(app, seller)('PATCH', `/api/transactions/${id}/accept`, {}));
    const confirm = await counted(() =>
      as(app, buyer)('PATCH', `/api/transactions/${id}/confirm`, { confirmationPhrase: CONFIRMATION_PHRASE }),
    );

    // create: row + history + deadline + notification in one statement, read back with the seller, and
    // no database transaction around it (nothing else commits with it).
    // Every change takes the one path (decision 016): the lock (the row read with its parties), then the
    // state change with its history, its jobs and, when it moves money, its ledger entry as one statement;
    // in a database transaction. 2 each; the confirmation's answer also reads where the money went from
    // the ledger (issue 32: the outcome is told from the postings, never from the status alone).
    expect([create.work, fund.work, accept.work, confirm.work]).toEqual([1, 2, 2, 3]);
    // Issue 25: at most 12 a release with each request's session lookup (decision 006), as the bench counts;
    // 13 since the answer tells the outcome.
    const all = [create, fund, accept, confirm];
    expect(all.map((c) => c.session)).toEqual([1, 1, 1, 1]);
    expect(all.reduce((n, c) => n + c.work + c.session, 0)).toBeLessThanOrEqual(13);
    expect(all.map((c) => c.transactions)).toEqual([0, 1, 1, 1]);

    // The effects are all there: money, state, history, and the jobs queued with them.
    const view = (await as(app, buyer)('GET', `/api/transactions/${id}`)).json();
    expect(view.status).toBe('completed');
    expect(await getWalletBalance(app.database.db, seller.user.id, 'ZAR')).toBe(100_00n);
    expect(await getWalletBalance(app.database.db, buyer.user.id, 'ZAR')).toBe(0n);
    expect((await checkLedger(app.database.db)).problems).toEqual([]);
  });

  it('with an Idempotency-Key on every request: one statement looks the key up, one stores the answer with the effect', async () => {
    const { buyer, seller } = await parties(app);
    await creditWallet(app.database.db, buyer.user.id, 103_00n);
    const key = (k: string) => ({ 'idempotency-key': `${k}-${buyer.user.id}` });

    let id = '';
    const create = await counted(async () => {
      const res = await as(app, buyer)(
        'POST',
        '/api/transactions',
        { amount: '100.00', currency: 'ZAR', sellerEmail: seller.email, description: 'Counted' },
        key('create'),
      );
      id = res.json().id;
      return res;
    });
    const fund = await counted(() =>
      as(app, buyer)('POST', `/api/transactions/${id}/fund-from-wallet`, undefined, key('fund')),
    );
    const accept = await counted(() => as(app, seller)('PATCH', `/api/transactions/${id}/accept`, {}, key('accept')));
    const confirm = await counted(() =>
      as(app, buyer)(
        'PATCH',
        `/api/transactions/${id}/confirm`,
        { confirmationPhrase: CONFIRMATION_PHRASE },
        key('confirm'),
      ),
    );
    // The look-up (expired keys dropped in the same statement) before each; each stores its answer inside
    // the database transaction of its effect (create: a transaction only for that).
    expect([create.work, fund.work, accept.work, confirm.work]).toEqual([1 + 2, 2 + 2, 2 + 2, 3 + 2]);
    expect([create, fund, accept, confirm].map((c) => c.transactions)).toEqual([1, 1, 1, 1]);

    // A repeat replays the stored answer: the look-up, nothing else.
    const replay = await counted(() =>
      as(app, buyer)(
        'PATCH',
        `/api/transactions/${id}/confirm`,
        { confirmationPhrase: CONFIRMATION_PHRASE },
        key('confirm'),
      ),
    );
    expect(replay).toMatchObject({ work: 1, transactions: 0 });
    expect(await getWalletBalance(app.database.db, seller.user.id, 'ZAR')).toBe(100_00n);
    expect((await checkLedger(app.database.db)).problems).toEqual([]);
  });
});
