import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONFIRMATION_PHRASE } from '@holdfast/contracts';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys, transactions } from '../db/schema/index.js';
import { IDEMPOTENCY_KEY_TTL_MS, completeIdempotentRequest } from './idempotency.js';
import { AppError } from './errors.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { acceptedFundedTransaction, as, creditWallet, createTransaction, parties } from '../test/money-factories.js';
import { checkLedger, getWalletBalance } from '../ledger/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

  it('concurrent repeats of one key: one runs, the others get 409 or its replay; money moves once', async () => {
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
    for (const r of results) {
      if (r.statusCode === 409)
        expect(r.json()).toEqual({
          code: 'IDEMPOTENCY_KEY_IN_USE',
          message: 'A request with this Idempotency-Key is already in progress',
        });
      else expect(r.body).toBe(fresh[0].body);
    }
    expect(await getWalletBalance(db(), seller.user.id, 'ZAR')).toBe(10_000n);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('stores the create response with the new row: a retry after a crash before the response was stored replays it', async () => {
    const { buyer, seller } = await parties(t.app);
    const body = { amount: '100', currency: 'ZAR', sellerEmail: seller.email, description: 'Crash window' };
    // The process "dies" after the commit, before the response is stored outside the transaction
    // (the onSend write fails); the client never sees the 201.
    const database = db();
    const realUpdate = database.update.bind(database);
    const spy = vi.spyOn(database, 'update').mockImplementation(((table: unknown) => {
      if (table === idempotencyKeys) throw new Error('simulated crash before the response was stored');
      return realUpdate(table as never);
    }) as typeof database.update);
    let first;
    try {
      first = await as(t.app, buyer)('POST', '/api/transactions', body, key('create-crash'));
    } finally {
      spy.mockRestore();
    }
    expect(first.statusCode).toBe(201);
    // Long after: a key left "in progress" would now count as abandoned and run again.
    await database
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '10 minutes'` })
      .where(eq(idempotencyKeys.key, 'create-crash'));
    const retry = await as(t.app, buyer)('POST', '/api/transactions', body, key('create-crash'));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    const rows = await database.select().from(transactions).where(eq(transactions.buyerId, buyer.user.id));
    expect(rows).toHaveLength(1);
  });

  it('lets a request that lost its key to a retry (abandoned, reclaimed) neither complete nor commit', async () => {
    const { buyer } = await parties(t.app);
    const claimedAt = new Date(Date.now() - 1000);
    const owner = { userId: buyer.user.id, key: 'reclaimed' };
    await db()
      .insert(idempotencyKeys)
      .values({ ...owner, method: 'POST', path: '/x', fingerprint: 'f', state: 'in_progress', createdAt: claimedAt });
    const stale = { idempotency: { ...owner, claimedAt: new Date(claimedAt.getTime() - 6 * 60_000) } };
    const attempt = db().transaction(async (tx) => {
      await completeIdempotentRequest(tx, stale as unknown as FastifyRequest, 201, { id: 'stale' });
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const current = { idempotency: { ...owner, claimedAt } };
    await db().transaction((tx) =>
      completeIdempotentRequest(tx, current as unknown as FastifyRequest, 201, { id: 'current' }),
    );
    const [row] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, buyer.user.id), eq(idempotencyKeys.key, 'reclaimed')));
    expect(row).toMatchObject({ state: 'completed', responseStatus: 201, responseBody: '{"id":"current"}' });
  });
});
