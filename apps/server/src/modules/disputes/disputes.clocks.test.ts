import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TDispute, TPartyRole } from '@holdfast/contracts';
import { journalEntries, transactionEvents } from '../../db/schema/index.js';
import { checkLedger } from '../../ledger/index.js';
import { adjustableClock, DAY, HOUR, SECOND, type AdjustableClock } from '../../lib/clock.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { observe } from '../../test/observe.js';
import { lockTransaction } from '../transactions/index.js';
import { lockDispute } from './disputes.queries.js';
import { recordResponse } from './disputes.response.js';

/** One app and one clock for the file: the clock only moves forward, each test from where the last left it. */
let t: TestApp;
let clock: AdjustableClock;
let moderators: RegisteredUser[];
let admins: RegisteredUser[];
beforeAll(async () => {
  clock = adjustableClock(new Date('2026-03-02T09:00:00Z'));
  t = await createTestApp({ clock });
  moderators = await Promise.all([
    registerUser(t.app, { role: 'moderator' }),
    registerUser(t.app, { role: 'moderator' }),
  ]);
  admins = await Promise.all([registerUser(t.app, { role: 'admin' }), registerUser(t.app, { role: 'admin' })]);
});
afterAll(() => t.close());

const db = () => t.app.database.db;
/** Moves the clock by `ms` and runs what came due; answers the bells and emails that caused. */
const advanceBy = (ms: number) =>
  observe(t.app, async () => {
    clock.advance(ms);
  });
const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
const history = async (transactionId: string) =>
  (await db().select().from(transactionEvents).where(eq(transactionEvents.transactionId, transactionId))).map((e) => ({
    action: e.action,
    actorId: e.actorId,
  }));
const actions = async (transactionId: string) => (await history(transactionId)).map((e) => e.action);
const view = async (who: RegisteredUser, id: string): Promise<TDispute> =>
  (await as(t.app, who)('GET', `/api/disputes/${id}`)).json().dispute;

/**
 * A funded deal its buyer disputes now, with the bells and emails of its opening. Earlier tests' cases keep
 * their clocks running as this file's clock moves, so checks of staff bells look at this case's (`about`).
 */
async function opened(description = 'Espresso machine') {
  const deal = await acceptedFundedTransaction(t.app, { description });
  let dispute!: TDispute;
  const seen = await observe(t.app, async () => {
    const res = await as(t.app, deal.buyer)('POST', '/api/disputes', {
      transactionId: deal.transaction.id,
      type: 'quality_issue',
      description: 'It leaks',
    });
    expect(res.statusCode).toBe(201);
    dispute = res.json();
  });
  return { ...deal, id: dispute.id, txId: deal.transaction.id, dispute, seen };
}

const assign = (who: RegisteredUser, id: string) =>
  as(t.app, who)('PATCH', `/api/disputes/${id}/assign`, { moderatorId: who.user.id });

describe('the response deadline', () => {
  it('silence is recorded at the deadline, not a second before; the case is marked "no response" and the moderators told', async () => {
    const { buyer, seller, id, txId, dispute, seen } = await opened();
    // Offered to every moderator at once, by the bell.
    for (const m of moderators) {
      expect(seen.bellsOf(m.user.id)).toEqual([
        expect.objectContaining({ title: 'New dispute to review', link: '/moderator-dashboard' }),
      ]);
      expect(seen.emailTo(m.email)).toEqual([]);
    }
    expect(dispute.step).toEqual({
      code: 'awaiting_response',
      actor: 'seller',
      dueAt: at(3 * DAY),
      text: 'Waiting for the seller to respond with a statement, evidence or a settlement offer.',
      ifNobodyActs:
        'If the seller does not respond by 5 Mar 2026, 09:00 UTC, the case goes to a moderator marked "no response".',
      noResponse: false,
    });
    // Both parties see the same step.
    expect((await view(seller, id)).step).toEqual(dispute.step);

    await advanceBy(3 * DAY - SECOND);
    expect((await view(buyer, id)).step).toMatchObject({ code: 'awaiting_response', noResponse: false });
    const silent = await advanceBy(SECOND);
    const after = await view(buyer, id);
    // The assignment deadline (24 hours) passed first: the admins were told; the silence is now marked too.
    expect(after.step).toMatchObject({ code: 'escalated', actor: 'admin', noResponse: true });
    expect(await history(txId)).toContainEqual({ action: 'dispute_no_response', actorId: null });
    for (const m of moderators) {
      expect(silent.bellsOf(m.user.id)).toEqual([
        expect.objectContaining({
          title: 'Dispute: no response',
          body: 'The seller of Espresso machine did not respond in time; the case is marked "no response".',
        }),
      ]);
    }
    // The moderators' queue shows it.
    const queue: TDispute[] = (await as(t.app, moderators[0])('GET', '/api/disputes/moderator?limit=100')).json();
    const listed = queue.find((d) => d.id === id)!;
    expect(listed.step.noResponse).toBe(true);

    // Run again later: recorded once.
    await advanceBy(DAY);
    expect((await actions(txId)).filter((a) => a === 'dispute_no_response')).toHaveLength(1);
  });

  it('an offer by the other party in time is their response: no silence is recorded', async () => {
    const { buyer, seller, id, txId } = await opened();
    await advanceBy(2 * HOUR);
    // The opener's own offer is not a response.
    const own = await as(t.app, buyer)('POST', `/api/disputes/${id}/offers`, {
      refundAmount: '50.00',
      message: 'Half',
    });
    expect(own.statusCode).toBe(201);
    expect((await view(buyer, id)).step.code).toBe('awaiting_response');
    const offer = await as(t.app, seller)('POST', `/api/disputes/${id}/offers`, {
      refundAmount: '30.00',
      message: 'A third back',
    });
    expect(offer.statusCode).toBe(201);
    expect((await view(buyer, id)).step).toMatchObject({ code: 'awaiting_moderator', actor: 'moderator' });
    expect(await history(txId)).toContainEqual({ action: 'dispute_responded', actorId: seller.user.id });

    const later = await advanceBy(4 * DAY);
    expect(await actions(txId)).not.toContain('dispute_no_response');
    for (const m of moderators)
      expect(later.bellsOf(m.user.id).map((b) => b.title)).not.toContain('Dispute: no response');
    expect((await view(buyer, id)).step.noResponse).toBe(false);
  });

  it('recordResponse: a statement or evidence of the other party stops the clock; the opener’s does not', async () => {
    const { buyer, id, txId } = await opened();
    const respond = (role: TPartyRole) =>
      db().transaction(async (tx) => {
        await lockTransaction(tx, txId);
        const d = (await lockDispute(tx, id))!;
        await recordResponse(tx, d, role, clock.now());
        await recordResponse(tx, d, role, clock.now()); // a second action in the same change: once
      });
    await respond('buyer');
    expect(await actions(txId)).not.toContain('dispute_responded');
    await advanceBy(DAY);
    await respond('seller');
    await respond('seller');
    expect((await actions(txId)).filter((a) => a.startsWith('dispute_responded'))).toEqual(['dispute_responded']);
    await advanceBy(3 * DAY);
    expect(await actions(txId)).not.toContain('dispute_no_response');
    expect((await view(buyer, id)).step.noResponse).toBe(false);
  });
});

describe('escalation to the admins', () => {
  it('an unassigned case goes to every admin (bell and email) after 24 hours, once', async () => {
    const { buyer, id, txId } = await opened();
    const before = await advanceBy(24 * HOUR - SECOND);
    for (const a of admins) expect(before.bellsOf(a.user.id)).toEqual([]);

    const seen = await advanceBy(SECOND);
    for (const a of admins) {
      expect(seen.bellsOf(a.user.id)).toEqual([
        expect.objectContaining({ title: 'Dispute waiting for a moderator', type: 'dispute.escalated' }),
      ]);
      expect(seen.emailTo(a.email).map((e) => e.subject)).toEqual([
        'Holdfast: a dispute on Espresso machine has no moderator',
      ]);
    }
    for (const m of moderators) expect(seen.bellsOf(m.user.id)).toEqual([]);
    expect(await history(txId)).toContainEqual({ action: 'dispute_escalated:unassigned', actorId: null });
    // The response clock still runs: the seller is the one to act.
    expect((await view(buyer, id)).step.code).toBe('awaiting_response');

    const again = await advanceBy(DAY);
    for (const a of admins) expect(again.bellsOf(a.user.id)).toEqual([]);
  });

  it('an assigned case without a decision after 5 days goes to every admin; the assignment clock stops', async () => {
    const { buyer, id, txId } = await opened('Toaster');
    const about = (b: { body: string }) => b.body.includes('Toaster');
    await advanceBy(HOUR);
    const res = await assign(moderators[0], id);
    expect(res.statusCode).toBe(200);
    expect(res.json().step).toMatchObject({ code: 'in_review', actor: 'moderator', dueAt: at(5 * DAY) });
    expect(res.json().step.ifNobodyActs).toMatch(
      /^If the moderator has not decided by .+, the case is escalated to an administrator\.$/,
    );

    const during = await advanceBy(5 * DAY - SECOND);
    // The silence during review is recorded, and only the case's moderator hears of it.
    expect(await actions(txId)).toContain('dispute_no_response');
    expect(
      during
        .bellsOf(moderators[0].user.id)
        .filter(about)
        .map((b) => b.title),
    ).toEqual(['Dispute: no response']);
    expect(during.bellsOf(moderators[1].user.id).filter(about)).toEqual([]);
    expect(await actions(txId)).not.toContain('dispute_escalated:unassigned');
    expect(await actions(txId)).not.toContain('dispute_escalated:undecided');
    const seen = await advanceBy(SECOND);
    for (const a of admins) {
      expect(seen.bellsOf(a.user.id).filter(about)).toEqual([
        expect.objectContaining({ title: 'Dispute waiting for a decision' }),
      ]);
      expect(seen.emailTo(a.email).map((e) => e.subject)).toContain(
        'Holdfast: a dispute on Toaster is overdue for a decision',
      );
    }
    expect((await view(buyer, id)).step).toMatchObject({ code: 'escalated', actor: 'admin', dueAt: null });
  });

  it('a case decided in time escalates nothing, and no timer moves its money', async () => {
    const { buyer, seller, id, txId } = await opened('Kettle');
    const about = (b: { body: string }) => b.body.includes('Kettle');
    expect((await assign(moderators[1], id)).statusCode).toBe(200);
    const decided = await as(t.app, moderators[1])('PATCH', `/api/disputes/${id}/resolve`, {
      resolution: 'release_to_seller',
      resolutionNotes: 'Photos show it works',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().step).toMatchObject({ code: 'resolved', actor: null, dueAt: null, ifNobodyActs: null });
    const entries = () =>
      db()
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.transactionId, txId)));
    const moved = (await entries()).length;

    const seen = await advanceBy(6 * DAY);
    for (const who of [buyer, seller, ...moderators, ...admins])
      expect(seen.bellsOf(who.user.id).filter(about)).toEqual([]);
    const acts = await actions(txId);
    expect(acts.filter((a) => a.startsWith('dispute_escalated') || a === 'dispute_no_response')).toEqual([]);
    expect((await entries()).length).toBe(moved);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
