import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import { idempotencyKeys, supportMessages, transactions } from '../db/schema/index.js';
import { IDEMPOTENCY_KEY_TTL_MS } from './idempotency.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerUser } from '../test/factories.js';
import { acceptedFundedTransaction, as, creditWallet, createTransaction, parties } from '../test/money-factories.js';
import { crashPoints } from '../test/crash-points.js';
import { checkLedger, getWalletBalance } from '../ledger/index.js';

let t: TestApp;
let crash: ReturnType<typeof crashPoints>;
beforeAll(async () => {
  t = await createTestApp({ prepare: (app) => (crash = crashPoints(app)) });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const key = (k: string) => ({ 'idempotency-key': k });

describe('Idempotency-Key', () => {
  it('replays the first response for a repeat and moves money once', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app);
    const confirm = () =>
      as(t.app, buyer)(
        'PATCH',
        `/api/transactions/${transaction.id}/confirm`,
        { confirmationPhrase: CONFIRMATION_PHRASE },
        key('confirm-1'),
      );
    const first = await confirm();
    const second = await confirm();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('creates one transaction for a repeated create', async () => {
    const { buyer, seller } = await parties(t.app);
    const body = { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'Once' };
    const a = await as(t.app, buyer)('POST', '/api/transactions', body, key('create-1'));
    const b = await as(t.app, buyer)('POST', '/api/transactions', body, key('create-1'));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).toBe(a.json().id);
    const list = (await as(t.app, buyer)('GET', '/api/transactions')).json();
    expect(list).toHaveLength(1);
  });

  it('refuses the same key with different parameters (422)', async () => {
    const { buyer, seller } = await parties(t.app);
    const body = { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'One' };
    await as(t.app, buyer)('POST', '/api/transactions', body, key('k'));
    const res = await as(t.app, buyer)('POST', '/api/transactions', { ...body, amount: '200' }, key('k'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Idempotency-Key was already used with different parameters',
    });
    const other = await createTransaction(t.app, buyer, seller.email);
    const elsewhere = await as(t.app, buyer)('PATCH', `/api/transactions/${other.id}/cancel`, undefined, key('k'));
    expect(elsewhere.statusCode).toBe(422);
  });

  it('expires a key 24 hours after its first use, as Stripe does: then it starts over', async () => {
    const { buyer, seller } = await parties(t.app);
    const body = { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'Yesterday' };
    const first = await as(t.app, buyer)('POST', '/api/transactions', body, key('daily'));
    expect(first.statusCode).toBe(201);
    // Still within the day: another body is refused.
    const again = await as(t.app, buyer)('POST', '/api/transactions', { ...body, amount: '200' }, key('daily'));
    expect(again.statusCode).toBe(422);
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000) })
      .where(and(eq(idempotencyKeys.userId, buyer.user.id), eq(idempotencyKeys.key, 'daily')));
    const nextDay = await as(t.app, buyer)('POST', '/api/transactions', { ...body, amount: '200' }, key('daily'));
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.json().id).not.toBe(first.json().id);
    expect(nextDay.json().amount).toBe('200.00');
  });

  it('keeps keys per user', async () => {
    const { buyer, seller } = await parties(t.app);
    const other = await parties(t.app);
    const a = await as(t.app, buyer)(
      'POST',
      '/api/transactions',
      { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'A' },
      key('shared'),
    );
    const b = await as(t.app, other.buyer)(
      'POST',
      '/api/transactions',
      { amount: '100', currency: 'ZAR', sellerEmail: other.seller.email, description: 'B' },
      key('shared'),
    );
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('replays refusals too, and lets a request without the header run normally', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const fund = (headers?: Record<string, string>) =>
      as(t.app, buyer)('POST', `/api/transactions/${created.id}/fund-from-wallet`, undefined, headers);
    const poor = await fund(key('fund-1'));
    expect(poor.statusCode).toBe(409);
    expect(poor.json().code).toBe('INSUFFICIENT_FUNDS');
    await creditWallet(db(), buyer.user.id, 10_300n);
    expect((await fund(key('fund-1'))).statusCode).toBe(409); // the stored answer
    expect((await fund()).statusCode).toBe(200);
    expect(await getWalletBalance(db(), buyer.user.id, 'ZAR')).toBe(0n);
  });

  it('refuses keys longer than 255 characters', async () => {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    const res = await as(t.app, buyer)(
      'PATCH',
      `/api/transactions/${created.id}/cancel`,
      undefined,
      key('x'.repeat(256)),
    );
    expect(res.statusCode).toBe(400);
  });

  it('concurrent repeats of one key: one runs, the others get its answer; money moves once', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        as(t.app, buyer)(
          'PATCH',
          `/api/transactions/${transaction.id}/confirm`,
          { confirmationPhrase: CONFIRMATION_PHRASE },
          key('race'),
        ),
      ),
    );
    const fresh = results.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] !== 'true');
    expect(fresh).toHaveLength(1);
    for (const r of results) expect([r.statusCode, r.body]).toEqual([200, fresh[0]!.body]);
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('a key reused with other parameters while its first request runs: one effect, the other 422', async () => {
    const { buyer, seller } = await parties(t.app);
    const body = { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'First' };
    const [a, b] = await Promise.all([
      as(t.app, buyer)('POST', '/api/transactions', body, key('reused-at-once')),
      as(t.app, buyer)('POST', '/api/transactions', { ...body, amount: '200' }, key('reused-at-once')),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect([a, b].find((r) => r.statusCode === 422)!.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const rows = await db().select().from(transactions).where(eq(transactions.buyerId, buyer.user.id));
    expect(rows).toHaveLength(1);
  });
});

/** Issue 26 item 6: the support message that was stored twice, and the retry refused for 5 minutes. */
describe('Idempotency-Key across a crash', () => {
  async function chat() {
    const customer = await registerUser(t.app);
    const opened = await as(t.app, customer)('POST', '/api/support/chats', { subject: 'Refund' });
    const url = `/api/support/chats/${opened.json().id}/messages`;
    const send = (k: string, headers: Record<string, string> = {}) =>
      as(t.app, customer)('POST', url, { message: 'Where is my money?' }, { ...key(k), ...headers });
    const stored = () => db().select().from(supportMessages).where(eq(supportMessages.chatId, opened.json().id));
    return { send, stored };
  }

  it('a message committed just before the process died is answered by a retry, even after 5 minutes, and stored once', async () => {
    const { send, stored } = await chat();
    const stop = await crash.next('after-commit');
    const lost = send('kill-9', stop.headers);
    await stop.stopped;
    // As much later as the old 5-minute abandonment: the key is no claim that runs out.
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '10 minutes'` })
      .where(eq(idempotencyKeys.key, 'kill-9'));
    const retry = await send('kill-9');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await stored()).toHaveLength(1);
    stop.release();
    expect((await lost).body).toBe(retry.body);
  });

  it('a request that died before its commit left no key: its retry runs at once, and the message is stored once', async () => {
    const { send, stored } = await chat();
    const stop = await crash.next('before-commit');
    const died = send('died', stop.headers);
    await stop.stopped;
    expect(await stored()).toHaveLength(0);
    const retry = await send('died');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await send('died')).body).toBe(retry.body);
    expect(await stored()).toHaveLength(1);
    stop.release();
    await died;
  });
});
