import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_NOTE_MESSAGES, type TCaseFileEntry } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import {
  as,
  createTransaction,
  creditWallet,
  deliverTransaction,
  fundFromWallet,
  minorOf,
  parties,
} from '../../test/money-factories.js';

let t: TestApp;
let moderator: RegisteredUser;
let admin: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  [moderator, admin] = await Promise.all([
    registerUser(t.app, { role: 'moderator' }),
    registerUser(t.app, { role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body);
};

/** A day at least a week ahead, as the accept form sends it. */
const inAWeek = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);

/**
 * A deal that went through everything a case file shows: accepted with delivery details, messages both
 * ways, delivered with tracking, disputed by the buyer, an offer rejected, a moderator's note, decided.
 */
async function fullCase() {
  const { buyer, seller } = await parties(t.app);
  const created = await createTransaction(t.app, buyer, seller.email, { amount: '100.00' });
  await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
  await fundFromWallet(t.app, buyer, created.id);
  const id = created.id;
  await ok(
    as(t.app, seller)('PATCH', `/api/transactions/${id}/accept`, {
      expectedDeliveryDate: inAWeek,
      deliveryNotes: 'Courier, signature needed',
    }),
  );
  const send = (from: RegisteredUser, to: RegisteredUser, content: string) =>
    ok(as(t.app, from)('POST', '/api/messages', { conversationId: id, receiverId: to.user.id, content }), 201);
  await send(buyer, seller, 'When will it ship?');
  await deliverTransaction(t.app, seller, id, { trackingReference: 'TRK-123', note: 'Left with the guard' });
  await send(seller, buyer, 'It is with the courier. '.repeat(40).trim());
  const dispute = await ok(
    as(t.app, buyer)('POST', '/api/disputes', {
      transactionId: id,
      type: 'quality_issue',
      description: 'The lens is scratched',
    }),
    201,
  );
  const offer = await ok(
    as(t.app, buyer)('POST', `/api/disputes/${dispute.id}/offers`, { refundAmount: '40.00', message: 'Part back?' }),
    201,
  );
  await ok(as(t.app, seller)('PATCH', `/api/disputes/${dispute.id}/offers/${offer.id}/reject`));
  await ok(as(t.app, moderator)('PATCH', `/api/disputes/${dispute.id}/assign`, { moderatorId: moderator.user.id }));
  await ok(
    as(t.app, moderator)('POST', `/api/disputes/${dispute.id}/notes`, {
      text: '  Seller seems honest; check photos  ',
    }),
    201,
  );
  await ok(
    as(t.app, moderator)('PATCH', `/api/disputes/${dispute.id}/resolve`, {
      resolution: 'partial_resolution',
      refundAmount: '25.00',
      resolutionNotes: 'Scratch confirmed; a quarter back',
    }),
  );
  return { buyer, seller, transactionId: id, disputeId: dispute.id as string };
}

const fileOf = async (who: RegisteredUser, disputeId: string): Promise<TCaseFileEntry[]> =>
  (await ok(as(t.app, who)('GET', `/api/disputes/${disputeId}`))).file;

describe('GET /api/disputes/:id — the case file', () => {
  it('joins the history, delivery, messages, offers, notes and the decision in time order', async () => {
    const { disputeId } = await fullCase();
    const file = await fileOf(moderator, disputeId);
    const ats = file.map((e) => e.at);
    expect(ats).toEqual([...ats].sort());
    const day = new Date(`${inAWeek}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    expect(file.map((e) => [e.kind, e.summary])).toEqual([
      ['event', 'Transaction created'],
      ['event', 'Funded by the buyer'],
      ['event', `Accepted by the seller, delivery by ${day}`],
      ['delivery', `Delivery details: expected by ${day}`],
      ['message', 'Message from the buyer'],
      ['event', 'Marked delivered'],
      ['delivery', 'Tracking reference: TRK-123'],
      ['message', 'Message from the seller'],
      ['event', 'Dispute opened by the buyer: Quality issue'],
      ['offer', 'Offer by the buyer: R\u00a041,20 back to the buyer, R\u00a060,00 to the seller'],
      ['offer', 'Offer rejected by the seller'],
      ['event', 'Assigned to Test M.'],
      ['note', 'Internal note — staff only'],
      ['decision', 'Decision: split, R\u00a025,75 back to the buyer, R\u00a075,00 to the seller'],
    ]);
    const byKind = (kind: string) => file.filter((e) => e.kind === kind);
    expect(byKind('delivery').map((e) => e.text)).toEqual(['Courier, signature needed', 'Left with the guard']);
    expect(byKind('message')[0]).toMatchObject({ text: 'When will it ship?', author: { role: 'buyer' } });
    expect(byKind('note')[0]).toMatchObject({
      internal: true,
      text: 'Seller seems honest; check photos',
      author: { role: 'moderator', name: 'Test M.' },
    });
    expect(byKind('decision')[0]).toMatchObject({
      text: 'Scratch confirmed; a quarter back',
      author: { role: 'moderator' },
      internal: false,
    });
    // Admins read cases as staff too.
    expect((await fileOf(admin, disputeId)).map((e) => e.id)).toEqual(file.map((e) => e.id));
  });

  it('the parties see the same file without the internal notes, by any route', async () => {
    const { buyer, seller, transactionId, disputeId } = await fullCase();
    const staffFile = await fileOf(moderator, disputeId);
    for (const party of [buyer, seller]) {
      const file = await fileOf(party, disputeId);
      expect(file.map((e) => e.id)).toEqual(staffFile.filter((e) => !e.internal).map((e) => e.id));
      // Nowhere in anything a party can read about the case: not the file, the dispute, the lists.
      for (const url of [
        `/api/disputes/${disputeId}`,
        `/api/disputes?transactionId=${transactionId}`,
        `/api/transactions/${transactionId}`,
        `/api/conversations/${transactionId}/messages`,
      ]) {
        const res = await as(t.app, party)('GET', url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('Seller seems honest');
        expect(res.body, url).not.toContain('Internal note');
      }
    }
  });

  it('a stranger sees 404 and no session 401; the file holds the two parties’ messages', async () => {
    const { disputeId } = await fullCase();
    const stranger = await registerUser(t.app);
    expect((await as(t.app, stranger)('GET', `/api/disputes/${disputeId}`)).statusCode).toBe(404);
    expect((await as(t.app, null)('GET', `/api/disputes/${disputeId}`)).statusCode).toBe(401);
    expect((await fileOf(moderator, disputeId)).filter((e) => e.kind === 'message')).toHaveLength(2);
  });
});

describe('POST /api/disputes/:id/notes', () => {
  async function openCase() {
    const { buyer, seller } = await parties(t.app);
    const created = await createTransaction(t.app, buyer, seller.email);
    await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
    await fundFromWallet(t.app, buyer, created.id);
    const d = await ok(
      as(t.app, buyer)('POST', '/api/disputes', {
        transactionId: created.id,
        type: 'goods_not_received',
        description: 'Nothing came',
      }),
      201,
    );
    return { buyer, seller, disputeId: d.id as string };
  }
  const note = (who: RegisteredUser | null, disputeId: string, text: unknown) =>
    as(t.app, who)('POST', `/api/disputes/${disputeId}/notes`, { text });

  it('moderators and admins add notes; they show in the staff file, as their author', async () => {
    const { disputeId } = await openCase();
    const added = await ok(note(admin, disputeId, 'Escalated to me'), 201);
    expect(added).toMatchObject({ disputeId, text: 'Escalated to me', author: { role: 'admin', name: 'Test A.' } });
    await ok(note(moderator, disputeId, 'Second look'), 201);
    const notes = (await fileOf(moderator, disputeId)).filter((e) => e.kind === 'note');
    expect(notes.map((n) => [n.text, n.author?.role])).toEqual([
      ['Escalated to me', 'admin'],
      ['Second look', 'moderator'],
    ]);
  });

  it('the parties and strangers get 404, as if notes did not exist; no session 401', async () => {
    const { buyer, seller, disputeId } = await openCase();
    for (const who of [buyer, seller, await registerUser(t.app)]) {
      const res = await note(who, disputeId, 'Let me in');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await note(null, disputeId, 'x')).statusCode).toBe(401);
    expect((await note(moderator, '00000000-0000-4000-8000-000000000000', 'x')).statusCode).toBe(404);
    expect((await note(moderator, 'not-a-uuid', 'x')).statusCode).toBe(404);
    expect((await fileOf(moderator, disputeId)).filter((e) => e.kind === 'note')).toEqual([]);
  });

  it('a staff member who is a party to the deal reads and writes as a party', async () => {
    const buyer = await registerUser(t.app);
    const staffSeller = await registerUser(t.app, { role: 'moderator' });
    const created = await createTransaction(t.app, buyer, staffSeller.email);
    await creditWallet(t.app.database.db, buyer.user.id, minorOf(created.total, created.currency));
    await fundFromWallet(t.app, buyer, created.id);
    const d = await ok(
      as(t.app, buyer)('POST', '/api/disputes', { transactionId: created.id, type: 'other', description: 'Late' }),
      201,
    );
    await ok(note(moderator, d.id, 'Their own deal'), 201);
    expect((await note(staffSeller, d.id, 'Mine')).statusCode).toBe(404);
    expect((await fileOf(staffSeller, d.id)).some((e) => e.internal)).toBe(false);
  });

  it('refuses empty, too long and control-character text with a message', async () => {
    const { disputeId } = await openCase();
    for (const [text, message] of [
      ['   ', DISPUTE_NOTE_MESSAGES.textRequired],
      ['x'.repeat(2001), DISPUTE_NOTE_MESSAGES.textTooLong],
      ['bad\u0000text', DISPUTE_NOTE_MESSAGES.invalidCharacters],
      [undefined, DISPUTE_NOTE_MESSAGES.textRequired],
    ] as const) {
      const res = await note(moderator, disputeId, text);
      expect(res.statusCode, String(text)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await note(moderator, disputeId, 'x'.repeat(2000))).statusCode).toBe(201);
  });
});
