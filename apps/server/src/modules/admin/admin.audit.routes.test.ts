import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER, type TAuditEvent } from '@holdfast/contracts';
import { auditEvents, disputes, jobs, users } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/index.js';
import { checkLedger, getWalletBalance } from '../../ledger/index.js';
import { recordAudit } from '../../lib/audit.js';
import { adjustableClock, SECOND } from '../../lib/clock.js';
import { auditCount, auditOf, refuseAuditWrites } from '../../test/audit.js';
import { registerUser, uniqueEmail, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';
import { IMAGES, multipartBody } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Every staff action is written to the audit trail in the database transaction of the action (issue 31):
 * who, when, what, the target and the reason; a refused action writes nothing, and an action whose record
 * cannot be written does not happen. Admins read the trail through GET /api/admin/audit.
 */
const clock = adjustableClock(new Date('2026-06-01T09:00:00Z'));
let t: TestApp;
let moderator: RegisteredUser;
let second: RegisteredUser;
let admin: RegisteredUser;
beforeAll(async () => {
  // Four eyes from R 1 000 in dispute in this app.
  t = await createTestApp({ clock, env: { DISPUTE_SECOND_REVIEW_AMOUNT: 'ZAR:1000,USD:60' } });
  moderator = await registerUser(t.app, { role: 'moderator', firstName: 'Mia', lastName: 'Moderator' });
  second = await registerUser(t.app, { role: 'moderator', firstName: 'Sam', lastName: 'Second' });
  admin = await registerUser(t.app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const key = () => ({ 'idempotency-key': randomUUID() });
const act = (who: RegisteredUser, method: 'POST' | 'PATCH', url: string, body?: object) =>
  as(t.app, who)(method, url, body, key());

async function disputed(amount: string) {
  const deal = await acceptedFundedTransaction(t.app, { amount });
  const res = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: deal.transaction.id,
    type: 'quality_issue',
    description: 'Damaged on arrival',
  });
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string };
}
const trailOf = async (disputeId: string) =>
  (await auditOf(db(), 'dispute', disputeId)).map((r) => ({
    action: r.action,
    actor: r.actorUserId,
    reason: r.reason,
    detail: r.detail,
  }));

async function listAudit(query = '', who: RegisteredUser = admin) {
  const res = await as(t.app, who)('GET', `/api/admin/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return {
    items: res.json() as TAuditEvent[],
    next: res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined,
  };
}

describe('disputes', () => {
  it('records taking, deciding and adding to a case with who, the reason and the terms; refusals write nothing', async () => {
    const c = await disputed('500.00');
    clock.advance(SECOND);
    expect(
      (await act(moderator, 'PATCH', `/api/disputes/${c.disputeId}/assign`, { moderatorId: moderator.user.id }))
        .statusCode,
    ).toBe(200);
    const before = await auditCount(db());

    // Refused: another moderator's case, a refund out of range. Nothing is written.
    const other = await act(second, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
      resolution: 'refund_buyer',
      resolutionNotes: 'Not mine to decide',
    });
    expect(other.statusCode).toBe(403);
    const tooMuch = await act(moderator, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
      resolution: 'partial_resolution',
      refundAmount: '900.00',
      resolutionNotes: 'Too much',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(await auditCount(db())).toBe(before);

    clock.advance(SECOND);
    const note = await act(admin, 'POST', `/api/disputes/${c.disputeId}/notes`, {
      text: 'Seller called support twice',
    });
    expect(note.statusCode).toBe(201);
    clock.advance(SECOND);
    const { payload, contentType } = multipartBody([
      { name: 'caption', data: 'Courier photo' },
      { name: 'file', filename: 'photo.png', contentType: 'image/png', data: IMAGES.png },
    ]);
    const evidence = await t.app.inject({
      method: 'POST',
      url: `/api/disputes/${c.disputeId}/evidence`,
      payload,
      headers: { 'content-type': contentType, cookie: moderator.cookie },
    });
    expect(evidence.statusCode, evidence.body).toBe(201);
    clock.advance(SECOND);
    const resolved = await act(moderator, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
      resolution: 'partial_resolution',
      refundAmount: '100.00',
      resolutionNotes: '  The photos show one broken part  ',
    });
    expect(resolved.statusCode).toBe(200);
    const again = await act(moderator, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
      resolution: 'refund_buyer',
      resolutionNotes: 'Twice',
    });
    expect(again.statusCode).toBe(409);

    const base = { transactionId: c.transaction.id };
    expect(await trailOf(c.disputeId)).toEqual([
      { action: 'dispute.assign', actor: moderator.user.id, reason: null, detail: base },
      { action: 'dispute.note', actor: admin.user.id, reason: null, detail: { ...base, noteId: note.json().id } },
      {
        action: 'dispute.evidence',
        actor: moderator.user.id,
        reason: null,
        detail: { ...base, evidenceId: evidence.json().id, fileName: evidence.json().fileName },
      },
      {
        action: 'dispute.resolve',
        actor: moderator.user.id,
        reason: 'The photos show one broken part',
        detail: { ...base, resolution: 'partial_resolution', refund: '100.00', currency: 'ZAR', evidenceIds: [] },
      },
    ]);
    const [resolveRow] = (await auditOf(db(), 'dispute', c.disputeId)).filter((r) => r.action === 'dispute.resolve');
    expect(resolveRow!.createdAt).toEqual(clock.now());
  });

  it('records the second review: the proposal, sending it back with its reason, the approval', async () => {
    const c = await disputed('2000.00');
    const decide = () =>
      act(moderator, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
        resolution: 'refund_buyer',
        resolutionNotes: 'Never delivered',
      });
    clock.advance(SECOND);
    expect((await decide()).statusCode).toBe(200);
    // The proposer cannot approve their own decision: refused, not recorded.
    expect((await act(moderator, 'POST', `/api/disputes/${c.disputeId}/approve`)).statusCode).toBe(403);
    clock.advance(SECOND);
    const back = await act(second, 'POST', `/api/disputes/${c.disputeId}/reject-proposal`, {
      reason: 'Ask the courier first',
    });
    expect(back.statusCode).toBe(200);
    clock.advance(SECOND);
    expect((await decide()).statusCode).toBe(200);
    clock.advance(SECOND);
    expect((await act(admin, 'POST', `/api/disputes/${c.disputeId}/approve`)).statusCode).toBe(200);

    const terms = { transactionId: c.transaction.id, resolution: 'refund_buyer', refund: null, currency: 'ZAR' };
    expect(await trailOf(c.disputeId)).toEqual([
      {
        action: 'dispute.propose',
        actor: moderator.user.id,
        reason: 'Never delivered',
        detail: { ...terms, evidenceIds: [] },
      },
      {
        action: 'dispute.send_back',
        actor: second.user.id,
        reason: 'Ask the courier first',
        detail: { ...terms, proposedById: moderator.user.id },
      },
      {
        action: 'dispute.propose',
        actor: moderator.user.id,
        reason: 'Never delivered',
        detail: { ...terms, evidenceIds: [] },
      },
      {
        action: 'dispute.approve',
        actor: admin.user.id,
        reason: null,
        detail: { ...terms, proposedById: moderator.user.id },
      },
    ]);
  });

  it('a decision whose record cannot be written does not happen: no money moves, the case stays open', async () => {
    const c = await disputed('300.00');
    const buyerBefore = await getWalletBalance(db(), c.buyer.user.id, 'ZAR');
    const allow = await refuseAuditWrites(db(), 'dispute.resolve');
    try {
      const res = await act(moderator, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
        resolution: 'refund_buyer',
        resolutionNotes: 'Never delivered',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL');
    } finally {
      await allow();
    }
    const [row] = await db().select().from(disputes).where(eq(disputes.id, c.disputeId));
    expect(row).toMatchObject({ status: 'open', moderatorId: null, resolution: null });
    expect(await getWalletBalance(db(), c.buyer.user.id, 'ZAR')).toBe(buyerBefore);
    expect((await checkLedger(db())).problems).toEqual([]);
    expect(await trailOf(c.disputeId)).toEqual([]);

    const retried = await act(moderator, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
      resolution: 'refund_buyer',
      resolutionNotes: 'Never delivered',
    });
    expect(retried.statusCode).toBe(200);
    expect((await trailOf(c.disputeId)).map((r) => r.action)).toEqual(['dispute.resolve']);
  });
});

describe('moderator applications, moderators, support and jobs', () => {
  const application = (email: string) => ({
    firstName: 'Ada',
    lastName: 'Applicant',
    email,
    phone: '+27 82 000 0000',
    experience: 'Five years of community moderation',
    motivation: 'I like fair outcomes',
    availability: '20 hours a week',
    languages: 'English',
  });
  async function applied() {
    const applicant = await registerUser(t.app);
    const res = await as(t.app, applicant)('POST', '/api/moderator-applications', application(applicant.email), key());
    expect(res.statusCode).toBe(201);
    return { applicant, id: res.json().id as string };
  }

  it('records approving and rejecting with the notes as the reason; a second decision is refused and not recorded', async () => {
    const a = await applied();
    const b = await applied();
    const review = (id: string, body: object) => act(admin, 'PATCH', `/api/admin/moderator-applications/${id}`, body);
    expect((await review(a.id, { status: 'approved', notes: 'Strong references' })).statusCode).toBe(200);
    expect((await review(b.id, { status: 'rejected' })).statusCode).toBe(200);
    expect((await review(b.id, { status: 'approved', notes: 'Changed my mind' })).statusCode).toBe(409);

    expect(await auditOf(db(), 'moderator_application', a.id)).toMatchObject([
      {
        action: 'moderator_application.approve',
        actorUserId: admin.user.id,
        reason: 'Strong references',
        detail: { email: a.applicant.email, applicantId: a.applicant.user.id, account: 'promoted' },
      },
    ]);
    expect(await auditOf(db(), 'moderator_application', b.id)).toMatchObject([
      { action: 'moderator_application.reject', actorUserId: admin.user.id, reason: null, detail: { account: null } },
    ]);
  });

  it('records creating a moderator account; an address in use is refused and not recorded', async () => {
    const email = uniqueEmail('newmod');
    const body = { firstName: 'Nia', lastName: 'New', email, tempPassword: 'Temporary-pass-2026' };
    const created = await act(admin, 'POST', '/api/admin/create-moderator', body);
    expect(created.statusCode).toBe(201);
    const count = await auditCount(db());
    expect((await act(admin, 'POST', '/api/admin/create-moderator', body)).statusCode).toBe(409);
    expect(await auditCount(db())).toBe(count);
    const { items } = await listAudit(`?action=user.create_moderator&subjectId=${created.json().id}`);
    expect(items).toEqual([
      {
        id: expect.any(String),
        action: 'user.create_moderator',
        at: expect.any(String),
        actor: { id: admin.user.id, name: 'Ada Admin', email: admin.email, role: 'admin' },
        subject: { type: 'user', id: created.json().id, name: 'Nia New' },
        reason: null,
        ipAddress: null,
        device: null,
        detail: { email },
      },
    ]);
  });

  it('records staff moving a support chat on; a move backwards is refused and not recorded', async () => {
    const customer = await registerUser(t.app);
    const chat = (await act(customer, 'POST', '/api/support/chats', { subject: 'Where is my refund?' })).json();
    const status = (who: RegisteredUser, to: string) =>
      act(who, 'PATCH', `/api/support/chats/${chat.id}/status`, { status: to });
    expect((await status(customer, 'closed')).statusCode).toBe(403);
    expect((await status(moderator, 'resolved')).statusCode).toBe(200);
    expect((await status(moderator, 'in_progress')).statusCode).toBe(409);
    expect(await auditOf(db(), 'support_chat', chat.id)).toMatchObject([
      {
        action: 'support_chat.status',
        actorUserId: moderator.user.id,
        detail: { from: 'open', to: 'resolved', customerId: customer.user.id },
      },
    ]);
  });

  it('records a job retried; a retry refused by the job state is not recorded as one', async () => {
    await enqueueJob(db(), {
      kind: 'email.send',
      payload: { to: 'a@b.c', subject: 's', text: 't', html: 'h' },
      runAt: new Date(clock.now().getTime() + 3_600_000),
      key: 'audit-queued',
    });
    const [queued] = await db().select().from(jobs).where(eq(jobs.key, 'audit-queued'));
    expect((await act(admin, 'POST', `/api/admin/jobs/${queued!.id}/retry`)).json().code).toBe('JOB_NOT_RETRYABLE');
    expect(await auditOf(db(), 'job', queued!.id)).toEqual([]);
    await db().update(jobs).set({ state: 'failed', finishedAt: clock.now() }).where(eq(jobs.id, queued!.id));
    expect((await act(admin, 'POST', `/api/admin/jobs/${queued!.id}/retry`)).statusCode).toBe(200);
    expect(await auditOf(db(), 'job', queued!.id)).toMatchObject([
      { action: 'job.retry', actorUserId: admin.user.id, detail: { state: 'failed', kind: 'email.send' } },
    ]);
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by action or its prefix, by who acted (id or email), by subject and by time; pages newest first', async () => {
    const c = await disputed('400.00');
    clock.advance(SECOND);
    const from = clock.now().toISOString();
    clock.advance(SECOND);
    await act(second, 'PATCH', `/api/disputes/${c.disputeId}/assign`, { moderatorId: second.user.id });
    clock.advance(SECOND);
    await act(second, 'POST', `/api/disputes/${c.disputeId}/notes`, { text: 'Asked for photos' });
    clock.advance(SECOND);
    await act(second, 'PATCH', `/api/disputes/${c.disputeId}/resolve`, {
      resolution: 'release_to_seller',
      resolutionNotes: 'Delivered as described',
    });
    const to = new Date(clock.now().getTime() + 1).toISOString();

    const bySubject = await listAudit(`?subjectType=dispute&subjectId=${c.disputeId}`);
    expect(bySubject.items.map((e) => e.action)).toEqual(['dispute.resolve', 'dispute.note', 'dispute.assign']);
    expect(bySubject.items[0]).toMatchObject({
      actor: { id: second.user.id, name: 'Sam Second', role: 'moderator' },
      subject: { type: 'dispute', id: c.disputeId, name: null },
      reason: 'Delivered as described',
    });
    const exact = await listAudit(`?action=dispute.resolve&subjectId=${c.disputeId}`);
    expect(exact.items.map((e) => e.action)).toEqual(['dispute.resolve']);
    const prefix = await listAudit(
      `?action=dispute&actor=${encodeURIComponent(second.email.toUpperCase())}&from=${from}&to=${to}`,
    );
    expect(prefix.items.map((e) => e.action)).toEqual(['dispute.resolve', 'dispute.note', 'dispute.assign']);
    expect((await listAudit(`?action=dispute.res&subjectId=${c.disputeId}`)).items).toEqual([]);
    expect((await listAudit(`?actor=${second.user.id}&subjectId=${c.disputeId}&to=${from}`)).items).toEqual([]);
    const later = new Date(clock.now().getTime() - 500).toISOString();
    expect(
      (
        await listAudit(`?actor=${second.user.id}&subjectId=${c.disputeId}&from=${encodeURIComponent(later)}`)
      ).items.map((e) => e.action),
    ).toEqual(['dispute.resolve']);

    const page1 = await listAudit(`?actor=${second.user.id}&subjectId=${c.disputeId}&limit=2`);
    expect(page1.items.map((e) => e.action)).toEqual(['dispute.resolve', 'dispute.note']);
    const page2 = await listAudit(`?actor=${second.user.id}&subjectId=${c.disputeId}&limit=2&cursor=${page1.next}`);
    expect(page2.items.map((e) => e.action)).toEqual(['dispute.assign']);
    expect(page2.next).toBeUndefined();

    const asAdmin = as(t.app, admin);
    expect((await asAdmin('GET', '/api/admin/audit?cursor=nonsense')).json().code).toBe('INVALID_CURSOR');
    expect((await asAdmin('GET', `/api/admin/audit?from=${to}&to=${from}`)).json().code).toBe('VALIDATION');
    expect((await asAdmin('GET', '/api/admin/audit?from=yesterday')).json().code).toBe('VALIDATION');
    expect((await asAdmin('GET', "/api/admin/audit?action=x'y")).json().code).toBe('VALIDATION');
    expect((await asAdmin('GET', '/api/admin/audit?from=2026-06-01')).statusCode).toBe(200);
  });

  it('is for admins only: 401 signed out, 403 for everyone else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    for (const role of ['buyer', 'seller', 'moderator'] as const) {
      const who = await registerUser(t.app, { role });
      const res = await as(t.app, who)('GET', '/api/admin/audit');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });
});

describe('the table', () => {
  it('is append-only: a record cannot be changed or deleted; deleting its actor keeps it, without the actor', async () => {
    const actor = await registerUser(t.app);
    await db().transaction((tx) =>
      recordAudit(tx, {
        actorId: actor.user.id,
        action: 'job.cancel',
        subject: { type: 'job', id: randomUUID() },
        reason: 'A test record',
        at: clock.now(),
      }),
    );
    const [row] = await db().select().from(auditEvents).where(eq(auditEvents.actorUserId, actor.user.id));
    await expect(
      db().update(auditEvents).set({ reason: 'rewritten' }).where(eq(auditEvents.id, row!.id)),
    ).rejects.toThrow();
    await expect(db().delete(auditEvents).where(eq(auditEvents.id, row!.id))).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_events`)).rejects.toThrow();
    // The foreign key's own SET NULL is the one change let through.
    await db().delete(users).where(eq(users.id, actor.user.id));
    const [kept] = await db().select().from(auditEvents).where(eq(auditEvents.id, row!.id));
    expect(kept).toMatchObject({ reason: 'A test record', actorUserId: null });
  });
});
