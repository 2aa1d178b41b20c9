import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { renderEmail, type EmailContent } from '../../emails/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { adjustableClock, SECOND } from '../../lib/clock.js';
import type { EmailMessage, EmailProvider } from '../../providers/email/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as, createTransaction } from '../../test/money-factories.js';
import { listen, openSocket } from '../../test/sockets.js';
import { notify } from './events.js';

/** The email provider is our adapter boundary: this stand-in records, and refuses one message when armed. */
function flakyEmail(): EmailProvider & { sent: EmailMessage[]; attempts: number; failNext: boolean } {
  const provider = {
    sent: [] as EmailMessage[],
    attempts: 0,
    failNext: false,
    async send(message: EmailMessage) {
      provider.attempts += 1;
      if (provider.failNext) {
        provider.failNext = false;
        throw new Error('SMTP 421: try again later');
      }
      provider.sent.push(message);
    },
  };
  return provider;
}

const clock = adjustableClock(new Date('2026-01-05T10:00:00Z'));
const email = flakyEmail();
let t: TestApp;
let buyer: RegisteredUser;
let seller: RegisteredUser;
let transactionId: string;

beforeAll(async () => {
  t = await createTestApp({ clock, providers: { email } });
  buyer = await registerUser(t.app, { firstName: 'Bella' });
  seller = await registerUser(t.app, { role: 'seller', firstName: 'Sam' });
  transactionId = (await createTransaction(t.app, buyer, seller.email, { description: 'Lamp' })).id;
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const accepted = () =>
  db().transaction((tx) => notify(tx, { type: 'transaction.accepted', transactionId }, clock.now()));

describe('email.send', () => {
  it('a provider failure is retried with the scheduler backoff, and the email goes exactly once', async () => {
    await t.app.scheduler.runDue();
    const before = email.sent.length;
    email.attempts = 0;
    email.failNext = true;
    await accepted();
    await t.app.scheduler.runDue();
    expect(email.attempts).toBe(1);
    expect(email.sent.length).toBe(before);
    const [failed] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'email.send'), eq(jobs.state, 'queued')));
    expect(failed).toMatchObject({ state: 'queued', attempts: 1, lastError: 'SMTP 421: try again later' });

    clock.advance(30 * SECOND);
    await t.app.scheduler.runDue();
    expect(email.sent.slice(before).map((m) => [m.to, m.subject])).toEqual([
      [buyer.email, 'Sam Seller accepted your transaction'],
    ]);
    const [done] = await db().select().from(jobs).where(eq(jobs.id, failed.id));
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('carries the words and renders when it goes; a job queued in the rendered form is sent as it is', async () => {
    await t.app.scheduler.runDue();
    const before = email.sent.length;
    await accepted();
    await enqueueJob(db(), {
      kind: 'email.send',
      payload: { to: 'old@example.test', subject: 'Queued rendered', text: 'Text', html: '<p>Html</p>' },
      runAt: clock.now(),
    });
    await t.app.scheduler.runDue();
    const sent = email.sent.slice(before);
    const rows = await db().select().from(jobs).where(eq(jobs.kind, 'email.send'));
    const words = rows.map((r) => r.payload as { to: string; email?: EmailContent }).filter((p) => p.email);
    const toBuyer = words.filter((p) => p.to === buyer.email).at(-1)!;
    expect(Object.keys(toBuyer).sort()).toEqual(['email', 'to']);
    expect(sent.find((m) => m.to === buyer.email)).toEqual({ to: buyer.email, ...(await renderEmail(toBuyer.email!)) });
    expect(sent.find((m) => m.to === 'old@example.test')).toEqual({
      to: 'old@example.test',
      subject: 'Queued rendered',
      text: 'Text',
      html: '<p>Html</p>',
    });
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('refuses a caller who is not signed in', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const) {
      const body = method === 'PUT' ? { email: { messages: false } } : method === 'POST' ? {} : undefined;
      const res = await as(t.app, null)(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('lists only the caller’s own, newest first, with the unread count; marks read by id or all', async () => {
    await t.app.scheduler.runDue();
    await as(t.app, buyer)('POST', '/api/notifications/read', {});
    await accepted();
    await t.app.scheduler.runDue();
    clock.advance(SECOND);
    await db().transaction((tx) => notify(tx, { type: 'transaction.inspection_ending', transactionId }, clock.now()));
    await t.app.scheduler.runDue();

    const list = await as(t.app, buyer)('GET', '/api/notifications?limit=2');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.unreadCount).toBe(2);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Inspection ends in 24 hours',
      'Transaction accepted',
    ]);
    expect(body.notifications[0]).toMatchObject({ link: `/transactions/${transactionId}`, readAt: null });

    // The seller sees none of the buyer's, and cannot mark them read: their ids are ignored, not refused.
    const sellers = (await as(t.app, seller)('GET', '/api/notifications')).json();
    expect(sellers.notifications.map((n: { id: string }) => n.id)).not.toContain(body.notifications[0].id);
    const foreign = await as(t.app, seller)('POST', '/api/notifications/read', {
      ids: [body.notifications[0].id, 'not-an-id'],
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ unreadCount: sellers.unreadCount });
    expect((await as(t.app, buyer)('GET', '/api/notifications')).json().unreadCount).toBe(2);

    const one = await as(t.app, buyer)('POST', '/api/notifications/read', { ids: [body.notifications[0].id] });
    expect(one.json()).toEqual({ unreadCount: 1 });
    const after = (await as(t.app, buyer)('GET', '/api/notifications')).json();
    expect(after.notifications[0].readAt).toBe(clock.now().toISOString());
    const all = await as(t.app, buyer)('POST', '/api/notifications/read', {});
    expect(all.json()).toEqual({ unreadCount: 0 });
  });

  it('rejects a bad limit or a bad body with 400 VALIDATION', async () => {
    const res = await as(t.app, buyer)('GET', '/api/notifications?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    const bad = await as(t.app, buyer)('POST', '/api/notifications/read', { ids: 'all' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});

describe('/api/notifications/preferences', () => {
  it('every category is on until turned off; a partial update changes only what it names', async () => {
    const person = await registerUser(t.app);
    const initial = await as(t.app, person)('GET', '/api/notifications/preferences');
    expect(initial.json()).toEqual({ email: { transactions: true, disputes: true, messages: true, support: true } });

    const put = await as(t.app, person)('PUT', '/api/notifications/preferences', { email: { messages: false } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ email: { transactions: true, disputes: true, messages: false, support: true } });
    await as(t.app, person)('PUT', '/api/notifications/preferences', { email: { messages: true, support: false } });
    const again = await as(t.app, person)('GET', '/api/notifications/preferences');
    expect(again.json()).toEqual({ email: { transactions: true, disputes: true, messages: true, support: false } });
    // Someone else's preferences are their own.
    expect((await as(t.app, buyer)('GET', '/api/notifications/preferences')).json().email.support).toBe(true);
  });

  it('a wrong type is 400 VALIDATION naming the field, and nothing changes', async () => {
    const person = await registerUser(t.app);
    const res = await as(t.app, person)('PUT', '/api/notifications/preferences', {
      email: { transactions: false, messages: 'no' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(JSON.stringify(res.json())).toContain('messages');
    const prefs = (await as(t.app, person)('GET', '/api/notifications/preferences')).json();
    expect(prefs.email.transactions).toBe(true);
    const missing = await as(t.app, person)('PUT', '/api/notifications/preferences', {});
    expect(missing.statusCode).toBe(400);
  });
});

describe('the realtime bell', () => {
  it('a socket on /ws hears {type: notification} with the new id; another person’s socket hears nothing', async () => {
    const base = await listen(t.app);
    const mine = await openSocket(base, '/ws', { cookie: buyer.cookie });
    const theirs = await openSocket(base, '/ws', { cookie: seller.cookie });
    try {
      await t.app.scheduler.runDue();
      await accepted();
      await t.app.scheduler.runDue();
      const event = (await mine.next((m) => m.type === 'notification')) as { notificationId: string };
      const list = (await as(t.app, buyer)('GET', '/api/notifications')).json();
      expect(list.notifications.map((n: { id: string }) => n.id)).toContain(event.notificationId);
      expect(theirs.received.filter((m) => m.type === 'notification')).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
