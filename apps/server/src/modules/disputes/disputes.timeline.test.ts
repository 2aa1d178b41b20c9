import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTransactionTimeline } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, deliverTransaction } from '../../test/money-factories.js';
import { checkLedger } from '../../ledger/index.js';

/**
 * GET /api/transactions/:id/timeline (issue 32): the deal's history for its parties and staff, from the case
 * file's entries; strangers get 404 and nobody reads an internal note in it.
 */
let t: TestApp;
let moderator: RegisteredUser;
let stranger: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  [moderator, stranger] = await Promise.all([registerUser(t.app, { role: 'moderator' }), registerUser(t.app)]);
});
afterAll(() => t.close());

const timeline = (who: RegisteredUser | null, id: string) => as(t.app, who)('GET', `/api/transactions/${id}/timeline`);
const summaries = (body: TTransactionTimeline) => body.entries.map((e) => e.summary);

/** A delivered deal disputed by the buyer, with an offer, a staff note and a split decision. */
async function splitDeal() {
  const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
  const id = deal.transaction.id;
  await deliverTransaction(t.app, deal.seller, id, { trackingReference: 'TRK-123', note: 'Left at the door' });
  const opened = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: id,
    type: 'quality_issue',
    description: 'The lens is cracked',
  });
  const disputeId = opened.json().id as string;
  const offer = await as(t.app, deal.seller)('POST', `/api/disputes/${disputeId}/offers`, {
    refundAmount: '20.00',
    message: 'Twenty back',
  });
  await as(t.app, deal.buyer)('PATCH', `/api/disputes/${disputeId}/offers/${offer.json().id}/reject`);
  const note = await as(t.app, moderator)('POST', `/api/disputes/${disputeId}/notes`, { text: 'SECRET staff note' });
  expect(note.statusCode).toBe(201);
  const decided = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/resolve`, {
    resolution: 'partial_resolution',
    refundAmount: '40.00',
    resolutionNotes: 'Half the kit was missing',
  });
  expect(decided.statusCode).toBe(200);
  return { ...deal, id, disputeId };
}

describe('GET /api/transactions/:id/timeline', () => {
  it('tells the parties the whole history, each with who and when, oldest first', async () => {
    const deal = await splitDeal();
    const res = await timeline(deal.buyer, deal.id);
    expect(res.statusCode).toBe(200);
    const body: TTransactionTimeline = res.json();
    const said = summaries(body);
    for (const expected of [
      'Transaction created',
      'Funded by the buyer',
      'Accepted by the seller',
      'Marked delivered',
      'Tracking reference: TRK-123',
      'Inspection period of 3 days started',
      'Dispute opened by the buyer',
      'Offer by the seller',
      'Offer rejected by the buyer',
      'Decision: split',
      'Paid out of escrow: R\u00a041,20 back to the buyer',
    ]) {
      expect(
        said.some((s) => s.startsWith(expected)),
        expected,
      ).toBe(true);
    }
    expect(said.find((s) => s.startsWith('Paid out'))).toContain('R\u00a060,00 to the seller');
    // The money is told after the decision that paid it.
    expect(said.findIndex((s) => s.startsWith('Paid out'))).toBeGreaterThan(
      said.findIndex((s) => s.startsWith('Decision')),
    );
    // The delivery note stays after the deal ended.
    expect(body.entries.find((e) => e.summary.startsWith('Tracking'))?.text).toBe('Left at the door');
    const created = body.entries.find((e) => e.summary === 'Transaction created')!;
    expect(created.author).toMatchObject({ role: 'buyer' });
    expect(body.entries.find((e) => e.kind === 'decision')?.author).toMatchObject({ role: 'moderator' });
    const times = body.entries.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    // The seller reads the same history.
    expect((await timeline(deal.seller, deal.id)).json()).toEqual(body);
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });

  it('never holds an internal note, for the parties or for staff; no messages or evidence either', async () => {
    const deal = await splitDeal();
    for (const who of [deal.buyer, deal.seller, moderator]) {
      const res = await timeline(who, deal.id);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('SECRET');
      const body: TTransactionTimeline = res.json();
      expect(body.entries.every((e) => !e.internal && e.kind !== 'note')).toBe(true);
    }
  });

  it('a deal never disputed has its history too', async () => {
    const deal = await acceptedFundedTransaction(t.app, { amount: '50.00' });
    const body: TTransactionTimeline = (await timeline(deal.seller, deal.transaction.id)).json();
    expect(summaries(body)).toEqual(['Transaction created', 'Funded by the buyer', 'Accepted by the seller']);
  });

  it('a stranger gets 404, a signed-out caller 401, an unknown or malformed id 404', async () => {
    const deal = await acceptedFundedTransaction(t.app, { amount: '50.00' });
    expect((await timeline(stranger, deal.transaction.id)).statusCode).toBe(404);
    expect((await timeline(null, deal.transaction.id)).statusCode).toBe(401);
    expect((await timeline(deal.buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await timeline(deal.buyer, 'not-an-id')).statusCode).toBe(404);
  });
});
