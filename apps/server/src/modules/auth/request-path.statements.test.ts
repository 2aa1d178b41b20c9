import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NEXT_CURSOR_HEADER } from '@holdfast/contracts';
import { statementRecordingApp } from '../../test/statement-recorder.js';
import { registerUser } from '../../test/factories.js';
import { as, creditWallet, createTransaction } from '../../test/money-factories.js';

/**
 * The statement budget of the hot signed-in reads (issue 12): a count, not a timing. Every statement the
 * driver is sent is recorded (test/statement-recorder.ts), as in
 * transactions.statements.test.ts. The session's last-active write (at most once per touch interval,
 * session-activity.ts) is left out: whether it falls inside a request depends on the clock.
 */
let recorder: Awaited<ReturnType<typeof statementRecordingApp>>;
let app: FastifyInstance;
beforeAll(async () => {
  recorder = await statementRecordingApp();
  app = recorder.app;
});
afterAll(() => recorder.close());

async function counted<R extends { statusCode: number; body: string }>(run: () => Promise<R>, status = 200) {
  const { res, statements } = await recorder.record(run);
  expect(res.statusCode, res.body).toBe(status);
  return { res, statements: statements.filter((text) => !/^\s*update\s+"sessions"/i.test(text)) };
}

describe('statements per signed-in read', () => {
  it('GET /api/auth/user and /api/auth/session: the session with its user, the account, its balance', async () => {
    const user = await registerUser(app);
    await creditWallet(app.database.db, user.user.id, 12_34n);
    // Money in another currency is not the wallet currency's balance.
    await creditWallet(app.database.db, user.user.id, 99_00n, 'USD');

    const me = await counted(() => as(app, user)('GET', '/api/auth/user'));
    expect(me.statements).toHaveLength(3);
    expect(me.statements[0]).toMatch(/"sessions"/);
    expect(me.statements[2]).toMatch(/"ledger_accounts"/);
    expect(me.res.json()).toMatchObject({ id: user.user.id, walletBalance: '12.34', walletCurrency: 'ZAR' });

    const session = await counted(() => as(app, user)('GET', '/api/auth/session'));
    expect(session.statements).toHaveLength(3);
    expect(session.res.json()).toEqual({ user: me.res.json(), sessionEnded: false });
  });

  it('an account with no wallet yet answers 0.00', async () => {
    const user = await registerUser(app);
    const me = await counted(() => as(app, user)('GET', '/api/auth/user'));
    expect(me.statements).toHaveLength(3);
    expect(me.res.json()).toMatchObject({ walletBalance: '0.00' });
  });

  it('GET /api/transactions: a page asked again with its ETag is the session lookup and the list version only', async () => {
    const [buyer, other] = await Promise.all([registerUser(app), registerUser(app)]);
    for (let i = 0; i < 3; i += 1) await createTransaction(app, buyer, other.email);
    for (let i = 0; i < 2; i += 1) await createTransaction(app, other, buyer.email);

    // Built: the session, the list version (the ETag), the page.
    const first = await counted(() => as(app, buyer)('GET', '/api/transactions?limit=2'));
    expect(first.statements).toHaveLength(3);
    expect(first.statements.filter((text) => /"sessions"/.test(text))).toHaveLength(1);
    expect(first.statements.filter((text) => /list_versions/.test(text))).toHaveLength(1);
    const cursor = first.res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
    expect(cursor).toBeTruthy();
    // Asked again with its ETag, unchanged: 304 after the version read, the page not built.
    const etag = { 'if-none-match': String(first.res.headers.etag) };
    const again = await counted(() => as(app, buyer)('GET', '/api/transactions?limit=2', undefined, etag), 304);
    expect(again.statements).toHaveLength(2);
    expect(again.res.body).toBe('');
    expect(again.statements.filter((text) => /list_versions/.test(text))).toHaveLength(1);

    // Later pages: the session lookup, the list version and the page.
    const next = await counted(() => as(app, buyer)('GET', `/api/transactions?limit=2&cursor=${cursor}`));
    expect(next.statements).toHaveLength(3);
    const byStatus = await counted(() => as(app, buyer)('GET', '/api/transactions?status=pending'));
    expect(byStatus.statements).toHaveLength(3);
    expect(byStatus.res.json()).toHaveLength(5); // three bought, two sold (a verified seller)
  });
});
