import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs, notifications, transactions, withdrawals } from '../../db/schema/index.js';
import { adjustableClock, DAY, MINUTE } from '../../lib/clock.js';
import { outboxEmail } from '../../providers/email/index.js';
import { checkLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, createTransaction, parties } from '../../test/money-factories.js';
import { notify } from './events.js';
import { notificationJobHandlers } from './notifications.jobs.js';
import { observe, report } from './notifications.test-helpers.js';

const clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
let t: TestApp;
let moderator: RegisteredUser;
let publicUrl: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  moderator = await registerUser(t.app, { role: 'moderator', firstName: 'Mona' });
  publicUrl = t.app.config.publicUrl;
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const update = (id: string, values: Partial<typeof transactions.$inferInsert>) =>
  db().update(transactions).set(values).where(eq(transactions.id, id));
const setPrefs = (who: RegisteredUser, email: Record<string, boolean>) =>
  as(t.app, who)('PUT', '/api/notifications/preferences', { email });

/** A named buyer and seller with a pending ZAR 100.00 transaction between them. */
async function deal(opts: { amount?: string; currency?: string } = {}) {
  const buyer = await registerUser(t.app, { firstName: 'Bella', lastName: 'Buyer' });
  const seller = await registerUser(t.app, { role: 'seller', firstName: 'Sam', lastName: 'Seller' });
  const transaction = await createTransaction(t.app, buyer, seller.email, {
    description: 'Vintage camera',
    amount: opts.amount,
    currency: opts.currency,
  });
  return { buyer, seller, transaction };
}

describe('transaction events', () => {
  it('created: the seller with an account is told (email and bell), the buyer is not', async () => {
    const { buyer, seller, transaction } = await deal();
    const seen = await report(t.app, clock, { type: 'transaction.created', transactionId: transaction.id });
    const [mail] = seen.emailTo(seller.email);
    expect(seen.emails).toHaveLength(1);
    expect(mail.subject).toBe('Bella Buyer started a transaction with you on Holdfast');
    expect(mail.text).toContain('Vintage camera, for R\u00a0100,00');
    expect(mail.links).toContain(`${publicUrl}/transactions/${transaction.id}`);
    expect(mail.links).toContain(`${publicUrl}/profile-settings`);
    expect(mail.html).toContain(`href="${publicUrl}/transactions/${transaction.id}"`);
    expect(mail.html).toContain('Holdfast');
    expect(seen.bellsOf(seller.user.id)).toMatchObject([
      { type: 'transaction.created', title: 'New transaction', link: `/transactions/${transaction.id}` },
    ]);
    expect(seen.bellsOf(buyer.user.id)).toEqual([]);
  });

  it('created for an address with no account: an invitation with a link to register with it, no bell', async () => {
    const buyer = await registerUser(t.app, { firstName: 'Bella', lastName: 'Buyer' });
    const invited = uniqueEmail('invited');
    const transaction = await createTransaction(t.app, buyer, invited, { description: 'Logo design', amount: '250' });
    // Invitations ignore preferences: there is no account to hold any.
    const seen = await report(t.app, clock, { type: 'transaction.created', transactionId: transaction.id });
    const [mail] = seen.emailTo(invited);
    expect(mail.subject).toBe('Bella Buyer wants to pay you R\u00a0250,00 through Holdfast');
    expect(mail.links).toContain(`${publicUrl}/register?email=${encodeURIComponent(invited)}`);
    expect(mail.text).not.toContain('/profile-settings');
    expect(seen.bells).toEqual([]);
  });

  it('funded: a money email to both parties, amounts in the currency of the deal', async () => {
    const { buyer, seller, transaction } = await deal({ amount: '100.00', currency: 'USD' });
    await setPrefs(buyer, { transactions: false });
    await setPrefs(seller, { transactions: false });
    const seen = await report(t.app, clock, { type: 'transaction.funded', transactionId: transaction.id });
    expect(seen.emailTo(buyer.email).map((m) => m.subject)).toEqual(['Your payment of $103.00 is held in escrow']);
    expect(seen.emailTo(seller.email).map((m) => m.subject)).toEqual([
      'Vintage camera: $100.00 is held in escrow for you',
    ]);
    expect(seen.bells.map((b) => b.userId).sort()).toEqual([buyer.user.id, seller.user.id].sort());
  });

  it('accepted: the buyer is told; the seller who accepted is not', async () => {
    const { buyer, seller, transaction } = await deal();
    const seen = await report(t.app, clock, { type: 'transaction.accepted', transactionId: transaction.id });
    expect(seen.emails.map((m) => [m.to, m.subject])).toEqual([[buyer.email, 'Sam Seller accepted your transaction']]);
    expect(seen.emailTo(buyer.email)[0].links).toContain(`${publicUrl}/transactions/${transaction.id}`);
    expect(seen.bellsOf(seller.user.id)).toEqual([]);
  });

  it('delivered: the buyer learns when the inspection ends and what happens then', async () => {
    const { buyer, transaction } = await deal();
    await update(transaction.id, {
      status: 'active',
      paymentStatus: 'succeeded',
      deliveredAt: clock.now(),
      autoReleaseAt: new Date(clock.now().getTime() + 3 * DAY),
      trackingReference: 'TRACK-123',
    });
    const seen = await report(t.app, clock, { type: 'transaction.delivered', transactionId: transaction.id });
    const [mail] = seen.emailTo(buyer.email);
    expect(mail.subject).toBe('Vintage camera was delivered: please inspect it');
    expect(mail.text).toContain('Thursday, 8 January 2026 at 10:00 UTC');
    expect(mail.text).toContain('released to the seller automatically when the inspection period ends');
    expect(mail.text).toContain('Tracking reference: TRACK-123');
    expect(seen.bellsOf(buyer.user.id)).toMatchObject([{ title: 'Marked as delivered' }]);
  });

  it('inspection ending: the buyer is reminded 24 hours ahead', async () => {
    const { buyer, transaction } = await deal();
    await update(transaction.id, { autoReleaseAt: new Date(clock.now().getTime() + DAY) });
    const seen = await report(t.app, clock, { type: 'transaction.inspection_ending', transactionId: transaction.id });
    expect(seen.emails.map((m) => [m.to, m.subject])).toEqual([
      [buyer.email, '24 hours left to inspect Vintage camera'],
    ]);
    expect(seen.bellsOf(buyer.user.id)).toMatchObject([{ title: 'Inspection ends in 24 hours' }]);
  });

  it('released on confirmation: the seller is paid and told; the buyer who confirmed is not', async () => {
    const { buyer, seller, transaction } = await deal();
    const seen = await report(t.app, clock, {
      type: 'transaction.released',
      transactionId: transaction.id,
      automatic: false,
    });
    expect(seen.emails.map((m) => [m.to, m.subject])).toEqual([
      [seller.email, 'You have been paid R\u00a0100,00 for Vintage camera'],
    ]);
    expect(seen.bellsOf(buyer.user.id)).toEqual([]);
  });

  it('released automatically: both get an email, even with every optional category off', async () => {
    const { buyer, seller, transaction } = await deal();
    const allOff = { transactions: false, disputes: false, messages: false, support: false };
    await setPrefs(buyer, allOff);
    await setPrefs(seller, allOff);
    const seen = await report(t.app, clock, {
      type: 'transaction.released',
      transactionId: transaction.id,
      automatic: true,
    });
    expect(seen.emailTo(seller.email)[0].text).toContain('released to you automatically');
    expect(seen.emailTo(buyer.email)[0].subject).toBe('Vintage camera: the money was released to the seller');
  });

  it('cancelled after funding: both parties, and it says refunded', async () => {
    const { buyer, seller, transaction } = await deal();
    await update(transaction.id, { status: 'cancelled', paymentStatus: 'refunded' });
    const seen = await report(t.app, clock, {
      type: 'transaction.cancelled',
      transactionId: transaction.id,
      reason: 'unaccepted_deadline',
    });
    expect(seen.emailTo(buyer.email)[0].subject).toBe('Vintage camera was cancelled and refunded');
    expect(seen.emailTo(buyer.email)[0].text).toContain(
      'The R\u00a0103,00 you paid into escrow is back in your Holdfast wallet',
    );
    expect(seen.emailTo(buyer.email)[0].text).toContain('did not accept it within 7 days');
    expect(seen.emailTo(seller.email)[0].subject).toBe('Vintage camera was cancelled and refunded');
    expect(seen.bells).toHaveLength(2);
  });

  it('cancelled before funding: says cancelled, not refunded', async () => {
    const { buyer, transaction } = await deal();
    await update(transaction.id, { status: 'cancelled' });
    const seen = await report(t.app, clock, {
      type: 'transaction.cancelled',
      transactionId: transaction.id,
      reason: 'declined',
    });
    expect(seen.emailTo(buyer.email)[0].subject).toBe('Vintage camera was cancelled');
    expect(seen.emailTo(buyer.email)[0].text).toContain('the seller declined it');
  });
});

describe('preferences decide the optional emails, never the bell', () => {
  it('transactions off: no email for an acceptance, but the bell still has it', async () => {
    const { buyer, transaction } = await deal();
    expect((await setPrefs(buyer, { transactions: false })).statusCode).toBe(200);
    const seen = await report(t.app, clock, { type: 'transaction.accepted', transactionId: transaction.id });
    expect(seen.emails).toEqual([]);
    expect(seen.bellsOf(buyer.user.id)).toMatchObject([{ title: 'Transaction accepted' }]);
  });
});

describe('disputes (through the API)', () => {
  async function disputed() {
    const d = await acceptedFundedTransaction(t.app, { description: 'Road bike' });
    let disputeId = '';
    const seen = await observe(t.app, async () => {
      const res = await as(t.app, d.buyer)('POST', '/api/disputes', {
        transactionId: d.transaction.id,
        type: 'quality_issue',
        description: 'The frame is cracked',
      });
      expect(res.statusCode).toBe(201);
      disputeId = res.json().id;
    });
    return { ...d, disputeId, seen };
  }

  it('opened: the other party is told, not the one who opened it; the moderators are offered it by the bell only', async () => {
    const { buyer, seller, transaction, seen } = await disputed();
    expect(seen.emails.map((m) => [m.to, m.subject])).toEqual([[seller.email, 'A dispute was opened on Road bike']]);
    expect(seen.emailTo(seller.email)[0].links).toContain(`${publicUrl}/transactions/${transaction.id}`);
    expect(seen.bellsOf(buyer.user.id)).toEqual([]);
    expect(seen.bellsOf(moderator.user.id)).toEqual([
      expect.objectContaining({ title: 'New dispute to review', link: '/moderator-dashboard' }),
    ]);
  });

  it('offer made: the other party is told what they would get', async () => {
    const { buyer, seller, disputeId } = await disputed();
    const seen = await observe(t.app, async () => {
      const res = await as(t.app, seller)('POST', `/api/disputes/${disputeId}/offers`, {
        refundAmount: '40.00',
        message: 'Half the frame cost back',
      });
      expect(res.statusCode).toBe(201);
    });
    expect(seen.emails.map((m) => m.to)).toEqual([buyer.email]);
    const [mail] = seen.emails;
    expect(mail.subject).toMatch(/made a settlement offer on Road bike$/);
    expect(mail.text).toContain('R\u00a040,00 of the R\u00a0100,00 back to the buyer');
    expect(mail.text).toContain('Seller would get: R\u00a060,00');
    expect(seen.bellsOf(seller.user.id)).toEqual([]);
  });

  it('disputes off: no email, the bell still tells', async () => {
    const d = await acceptedFundedTransaction(t.app, { description: 'Desk' });
    await setPrefs(d.seller, { disputes: false });
    const seen = await observe(t.app, () =>
      as(t.app, d.buyer)('POST', '/api/disputes', {
        transactionId: d.transaction.id,
        type: 'wrong_item',
        description: 'Not the desk I ordered',
      }),
    );
    expect(seen.emails).toEqual([]);
    expect(seen.bellsOf(d.seller.user.id)).toMatchObject([{ title: 'Dispute opened' }]);
  });

  it('resolved: both parties get a money email (it cannot be turned off)', async () => {
    const { buyer, seller, disputeId } = await disputed();
    await setPrefs(buyer, { disputes: false });
    const seen = await observe(t.app, async () => {
      const res = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/resolve`, {
        resolution: 'refund_buyer',
        resolutionNotes: 'The frame is cracked in the photos',
      });
      expect(res.statusCode).toBe(200);
    });
    expect(seen.emails.map((m) => m.to).sort()).toEqual([buyer.email, seller.email].sort());
    for (const mail of seen.emails) {
      expect(mail.subject).toBe('The dispute on Road bike is resolved');
      expect(mail.text).toContain('R\u00a0103,00 refunded to the buyer');
    }
    expect(seen.bells).toHaveLength(2);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe('private messages (through the API)', () => {
  it('the recipient is emailed at most once an hour per conversation; the bell hears every message', async () => {
    const { buyer, seller } = await parties(t.app);
    const transaction = await createTransaction(t.app, buyer, seller.email, { description: 'Oak table' });
    const send = (content: string) =>
      observe(t.app, async () => {
        const res = await as(t.app, buyer)('POST', '/api/messages', {
          conversationId: transaction.id,
          receiverId: seller.user.id,
          content,
        });
        expect(res.statusCode).toBe(201);
      });

    const first = await send('Is it still available?');
    expect(first.emails.map((m) => m.to)).toEqual([seller.email]);
    expect(first.emails[0].subject).toBe(`Test Buyer sent you a message about Oak table`);
    expect(first.emails[0].text).toContain('“Is it still available?”');
    expect(first.emails[0].links).toContain(`${publicUrl}/messages?conversation=${transaction.id}`);
    expect(first.bellsOf(seller.user.id)).toHaveLength(1);
    expect(first.bellsOf(buyer.user.id)).toEqual([]);

    clock.advance(30 * MINUTE);
    const second = await send('Can you ship it?');
    expect(second.emails).toEqual([]);
    expect(second.bellsOf(seller.user.id)).toMatchObject([{ body: 'Can you ship it?' }]);

    clock.advance(30 * MINUTE);
    const third = await send('Hello again');
    expect(third.emails.map((m) => m.to)).toEqual([seller.email]);

    // The cap is per recipient: the seller's reply still emails the buyer.
    const reply = await observe(t.app, () =>
      as(t.app, seller)('POST', '/api/messages', {
        conversationId: transaction.id,
        receiverId: buyer.user.id,
        content: 'Yes, it is',
      }),
    );
    expect(reply.emails.map((m) => m.to)).toEqual([buyer.email]);
  });

  it('messages off: no email, and the hour is not used up: turned back on, the next message emails at once', async () => {
    const { buyer, seller } = await parties(t.app);
    const transaction = await createTransaction(t.app, buyer, seller.email);
    const send = (content: string) =>
      observe(t.app, () =>
        as(t.app, buyer)('POST', '/api/messages', {
          conversationId: transaction.id,
          receiverId: seller.user.id,
          content,
        }),
      );
    await setPrefs(seller, { messages: false });
    const seen = await send('Hi');
    expect(seen.emails).toEqual([]);
    expect(seen.bellsOf(seller.user.id)).toHaveLength(1);

    await setPrefs(seller, { messages: true });
    clock.advance(MINUTE);
    const after = await send('Hello?');
    expect(after.emails.map((m) => m.to)).toEqual([seller.email]);
  });
});

describe('support replies (through the API)', () => {
  it("a staff reply tells the ticket's owner; the owner's own message tells nobody", async () => {
    const customer = await registerUser(t.app, { firstName: 'Cara' });
    const chat = (
      await as(t.app, customer)('POST', '/api/support/chats', { subject: 'Card payment failed', priority: 'high' })
    ).json();
    const own = await observe(t.app, () =>
      as(t.app, customer)('POST', `/api/support/chats/${chat.id}/messages`, { message: 'Any news?' }),
    );
    expect(own.emails).toEqual([]);
    expect(own.bells).toEqual([]);

    const seen = await observe(t.app, async () => {
      const res = await as(t.app, moderator)('POST', `/api/support/chats/${chat.id}/messages`, {
        message: 'We refunded the charge.',
      });
      expect(res.statusCode).toBe(201);
    });
    expect(seen.emails.map((m) => [m.to, m.subject])).toEqual([
      [customer.email, 'Holdfast support replied: Card payment failed'],
    ]);
    expect(seen.emails[0].links).toContain(`${publicUrl}/support?chat=${chat.id}`);
    expect(seen.bellsOf(customer.user.id)).toMatchObject([{ title: 'Support replied' }]);
    expect(seen.bellsOf(moderator.user.id)).toEqual([]);
  });
});

describe('withdrawals', () => {
  async function withdrawal(status: 'paid' | 'failed', owner: RegisteredUser) {
    const [row] = await db()
      .insert(withdrawals)
      .values({
        userId: owner.user.id,
        amount: 50_000n,
        currency: 'ZAR',
        status,
        provider: 'sandbox',
        accountHolderName: 'Sam Seller',
        accountLast4: status === 'paid' ? '1234' : '0000',
        failureReason: status === 'failed' ? 'The bank rejected the account number' : null,
      })
      .returning({ id: withdrawals.id });
    return row.id;
  }

  it('paid and failed: the owner gets a money email linking to the wallet', async () => {
    const owner = await registerUser(t.app, { role: 'seller' });
    await setPrefs(owner, { transactions: false, disputes: false, messages: false, support: false });
    const paid = await report(t.app, clock, { type: 'withdrawal.paid', withdrawalId: await withdrawal('paid', owner) });
    expect(paid.emails.map((m) => [m.to, m.subject])).toEqual([
      [owner.email, 'Your withdrawal of R\u00a0500,00 was paid'],
    ]);
    expect(paid.emails[0].links).toContain(`${publicUrl}/deposit-funds`);
    const failed = await report(t.app, clock, {
      type: 'withdrawal.failed',
      withdrawalId: await withdrawal('failed', owner),
    });
    expect(failed.emails[0].subject).toBe('Your withdrawal of R\u00a0500,00 failed');
    expect(failed.emails[0].text).toContain('The bank rejected the account number');
    expect(failed.bellsOf(owner.user.id)).toMatchObject([{ title: 'Withdrawal failed', link: '/deposit-funds' }]);
  });
});

describe('a notify job runs its fan-out once', () => {
  /** A deal with nothing queued but the notify job of its acceptance, and that job. */
  async function acceptedNotifyJob() {
    const found = await deal();
    await t.app.scheduler.runDue();
    await db().transaction((tx) =>
      notify(tx, { type: 'transaction.accepted', transactionId: found.transaction.id }, clock.now()),
    );
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notify'), eq(jobs.state, 'queued')));
    return { ...found, job };
  }

  it('run twice with the same job (a second worker after a lost lease), it tells nobody again', async () => {
    const { buyer, job } = await acceptedNotifyJob();
    const handlers = notificationJobHandlers({
      db: db(),
      clock,
      publicUrl: t.app.config.publicUrl,
      email: outboxEmail(db()),
      pubsub: t.app.pubsub,
    });
    const run = () => handlers.notify!(job.payload as never, { now: clock.now(), attempt: 1, jobId: job.id });
    await run();
    await run();
    await t.app.scheduler.runDue();
    const bells = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.type, 'transaction.accepted')));
    expect(bells).toHaveLength(1);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mails.filter((m) => m.subject === 'Sam Seller accepted your transaction')).toHaveLength(1);
    const [after] = await db().select().from(jobs).where(eq(jobs.id, job.id));
    expect(after.state).toBe('done');
  });

  it('run by the worker, the job is completed in the transaction of its effects: done, lease and error cleared', async () => {
    const { job: queued } = await acceptedNotifyJob();
    await t.app.scheduler.runDue();
    const [after] = await db().select().from(jobs).where(eq(jobs.id, queued.id));
    expect(after).toMatchObject({
      state: 'done',
      lockedUntil: null,
      lastError: null,
      finishedAt: clock.now(),
      attempts: 1,
    });
  });
});
