import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIRMATION_PHRASE, TRANSACTION_MESSAGES as M } from '@holdfast/contracts';
import { jobs } from '../../db/schema/index.js';
import { adjustableClock, DAY, HOUR, type AdjustableClock } from '../../lib/clock.js';
import { registerUser } from '../../test/factories.js';
import {
  acceptTransaction,
  acceptedFundedTransaction,
  as,
  createTransaction,
  creditWallet,
  deliverTransaction,
  fundFromWallet,
  parties,
} from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let clock: AdjustableClock;
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const deliver = (who: Parameters<typeof as>[1], id: string, body?: object) =>
  as(t.app, who)('PATCH', `/api/transactions/${id}/deliver`, body);

describe('PATCH /api/transactions/:id/deliver', () => {
  it('the seller marks an accepted, funded deal delivered: the inspection period, its reminder and its release are set', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app, { inspectionDays: 5 });
    const res = await deliver(seller, transaction.id, { trackingReference: '  TRK-42 ', note: 'Left with the porter' });
    expect(res.statusCode).toBe(200);
    const now = clock.now();
    const releaseAt = new Date(now.getTime() + 5 * DAY);
    expect(res.json()).toMatchObject({
      status: 'active',
      viewerRole: 'seller',
      deliveredAt: now.toISOString(),
      trackingReference: 'TRK-42',
      deliveryMessage: 'Left with the porter',
      autoReleaseAt: releaseAt.toISOString(),
      lateCancelFrom: null,
    });
    // The buyer sees the same.
    const seen = (await as(t.app, buyer)('GET', `/api/transactions/${transaction.id}`)).json();
    expect(seen).toMatchObject({ trackingReference: 'TRK-42', autoReleaseAt: releaseAt.toISOString() });

    const queued = await t.app.database.db.select().from(jobs).where(eq(jobs.state, 'queued'));
    const byKey = (key: string) => queued.find((j) => j.key === key);
    expect(byKey(`auto-release:${transaction.id}`)).toMatchObject({
      kind: 'transaction.auto-release',
      runAt: releaseAt,
      payload: { transactionId: transaction.id },
    });
    expect(byKey(`inspection-reminder:${transaction.id}`)).toMatchObject({
      kind: 'transaction.inspection-reminder',
      runAt: new Date(releaseAt.getTime() - 24 * HOUR),
    });
  });

  it('takes no body at all; a one-day inspection period has no reminder (its moment is not in the future)', async () => {
    const { seller, transaction } = await acceptedFundedTransaction(t.app, { inspectionDays: 1 });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/transactions/${transaction.id}/deliver`,
      headers: { cookie: seller.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ trackingReference: null, deliveryMessage: null });
    const reminder = await t.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `inspection-reminder:${transaction.id}`));
    expect(reminder).toEqual([]);
  });

  it('only the seller: the buyer and staff 403, strangers and signed-out people are refused, an unverified seller must verify', async () => {
    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app);
    const moderator = await registerUser(t.app, { role: 'moderator' });
    const stranger = await registerUser(t.app);

    const byBuyer = await deliver(buyer, transaction.id);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toMatchObject({ code: 'FORBIDDEN', message: M.onlySellerDeliver });
    expect((await deliver(moderator, transaction.id)).statusCode).toBe(403);
    const byStranger = await deliver(stranger, transaction.id);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    expect((await deliver(null, transaction.id)).statusCode).toBe(401);
    expect((await deliver(seller, 'not-a-uuid')).statusCode).toBe(404);

    // The seller email's owner before verifying the address.
    const invited = await createTransaction(t.app, buyer, 'late-verifier@example.test');
    const unverified = await registerUser(t.app, { email: 'late-verifier@example.test', verified: false });
    const res = await deliver(unverified, invited.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: M.verifyEmailFirst });

    // Nothing was written by any refusal.
    const view = (await as(t.app, seller)('GET', `/api/transactions/${transaction.id}`)).json();
    expect(view).toMatchObject({ deliveredAt: null, autoReleaseAt: null });
  });

  it('only an accepted, funded deal not yet delivered: 409 with a stable code otherwise', async () => {
    const { buyer, seller } = await parties(t.app);
    await creditWallet(t.app.database.db, buyer.user.id, 41_200n);
    const refusal = async (id: string) => {
      const res = await deliver(seller, id, { trackingReference: 'X' });
      expect(res.statusCode).toBe(409);
      return res.json() as { code: string; message: string };
    };

    const pendingUnpaid = await createTransaction(t.app, buyer, seller.email);
    expect(await refusal(pendingUnpaid.id)).toEqual({ code: 'NOT_DELIVERABLE', message: M.notDeliverable });
    await fundFromWallet(t.app, buyer, pendingUnpaid.id);
    expect((await refusal(pendingUnpaid.id)).code).toBe('NOT_DELIVERABLE');

    const activeUnpaid = await createTransaction(t.app, buyer, seller.email);
    await acceptTransaction(t.app, seller, activeUnpaid.id);
    expect((await refusal(activeUnpaid.id)).code).toBe('NOT_DELIVERABLE');

    const delivered = await createTransaction(t.app, buyer, seller.email);
    await fundFromWallet(t.app, buyer, delivered.id);
    await acceptTransaction(t.app, seller, delivered.id);
    const first = await deliverTransaction(t.app, seller, delivered.id, { trackingReference: 'FIRST' });
    expect(await refusal(delivered.id)).toEqual({ code: 'ALREADY_DELIVERED', message: M.alreadyDelivered });
    // The first delivery's details stay.
    const after = (await as(t.app, seller)('GET', `/api/transactions/${delivered.id}`)).json();
    expect(after).toMatchObject({ trackingReference: 'FIRST', deliveredAt: first.deliveredAt });

    const disputed = await createTransaction(t.app, buyer, seller.email);
    await fundFromWallet(t.app, buyer, disputed.id);
    await acceptTransaction(t.app, seller, disputed.id);
    const opened = await as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: disputed.id,
      initiatedBy: 'buyer',
      type: 'goods_not_received',
      description: 'Nothing yet',
      priority: 'low',
    });
    expect(opened.statusCode).toBe(201);
    expect((await refusal(disputed.id)).code).toBe('UNDER_DISPUTE');

    const confirm = await as(t.app, buyer)('PATCH', `/api/transactions/${delivered.id}/confirm`, {
      confirmationPhrase: CONFIRMATION_PHRASE,
    });
    expect(confirm.statusCode).toBe(200);
    expect((await refusal(delivered.id)).code).toBe('ALREADY_COMPLETED');

    await as(t.app, buyer)('PATCH', `/api/transactions/${pendingUnpaid.id}/cancel`);
    expect((await refusal(pendingUnpaid.id)).code).toBe('ALREADY_CANCELLED');
  });

  it('validates the tracking reference and the note (400 with the field), writing nothing', async () => {
    const { seller, transaction } = await acceptedFundedTransaction(t.app);
    const cases: [object, string][] = [
      [{ trackingReference: 'x'.repeat(201) }, 'trackingReference'],
      [{ note: 'x'.repeat(1001) }, 'note'],
      [{ trackingReference: 'bad\u0000ref' }, 'trackingReference'],
      [{ trackingReference: 42 }, 'trackingReference'],
    ];
    for (const [body, field] of cases) {
      const res = await deliver(seller, transaction.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    const view = (await as(t.app, seller)('GET', `/api/transactions/${transaction.id}`)).json();
    expect(view.deliveredAt).toBeNull();
    // At the limits it is accepted.
    const ok = await deliver(seller, transaction.id, { trackingReference: 'x'.repeat(200), note: 'y'.repeat(1000) });
    expect(ok.statusCode).toBe(200);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const { seller, transaction } = await acceptedFundedTransaction(t.app);
    const headers = { 'idempotency-key': `deliver-${transaction.id}` };
    const call = () => as(t.app, seller)('PATCH', `/api/transactions/${transaction.id}/deliver`, {}, headers);
    const first = await call();
    const second = await call();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });
});

describe('inspectionDays on create', () => {
  it('defaults to 3 and keeps 1 to 30', async () => {
    const { buyer, seller } = await parties(t.app);
    expect((await createTransaction(t.app, buyer, seller.email)).inspectionDays).toBe(3);
    expect((await createTransaction(t.app, buyer, seller.email, { inspectionDays: 1 })).inspectionDays).toBe(1);
    expect((await createTransaction(t.app, buyer, seller.email, { inspectionDays: 30 })).inspectionDays).toBe(30);
  });

  it('refuses 0, 31, 2.5 and text with 400 on the field', async () => {
    const { buyer, seller } = await parties(t.app);
    for (const inspectionDays of [0, 31, 2.5, '3', null]) {
      const res = await as(t.app, buyer)('POST', '/api/transactions', {
        amount: '100.00',
        currency: 'ZAR',
        sellerEmail: seller.email,
        description: 'A vintage camera',
        inspectionDays,
      });
      expect(res.statusCode, String(inspectionDays)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fields: { inspectionDays: 'Inspection period must be between 1 and 30 days' },
      });
    }
    const list = (await as(t.app, buyer)('GET', '/api/transactions')).json();
    expect(list).toEqual([]);
  });
});
