import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  emailOutbox,
  identityDocuments,
  identityVerifications,
  notifications,
} from '../../db/schema/index.js';
import { adjustableClock, DAY } from '../../lib/clock.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { as } from '../../test/money-factories.js';
import { IMAGES } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadSampleList } from '../sanctions/index.js';
import { identityFields, identityFiles, PDF, submitIdentity } from './identity.test-helpers.js';

/** Identity verification through the real app: documents on a disk store of its own, encrypted at rest. */
const clock = adjustableClock(new Date('2026-06-01T09:00:00Z'));
let t: TestApp;
let dataDir: string;
let admin: RegisteredUser;
let moderator: RegisteredUser;
let stranger: RegisteredUser;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-identity-'));
  t = await createTestApp({ clock, env: { DATA_DIR: dataDir, KYC_RETENTION_DAYS: '30' } });
  [admin, moderator, stranger] = await Promise.all([
    registerUser(t.app, { role: 'admin' }),
    registerUser(t.app, { role: 'moderator' }),
    registerUser(t.app),
  ]);
  // The made-up sample list (modules/sanctions/sample-sdn.csv): its names are what screening looks for.
  await loadSampleList(t.app.database.db, clock.now());
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const me = (who: RegisteredUser) => as(t.app, who)('GET', '/api/auth/user');
const state = (who: RegisteredUser) => as(t.app, who)('GET', '/api/verification/identity');
const approve = (who: RegisteredUser, id: string) => as(t.app, who)('POST', `/api/identity-reviews/${id}/approve`);
const reject = (who: RegisteredUser, id: string, reason?: string) =>
  as(t.app, who)('POST', `/api/identity-reviews/${id}/reject`, reason === undefined ? {} : { reason });

async function submitted(who: RegisteredUser) {
  const res = await submitIdentity(t.app, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().latest as { id: string; documents: Array<{ id: string; kind: string; url: string }> };
}

describe('submission', () => {
  it('moves unverified → pending, keeps what was typed, and stores the files encrypted', async () => {
    const person = await registerUser(t.app, { role: 'seller' });
    expect((await me(person)).json().kycStatus).toBe('unverified');
    expect((await state(person)).json()).toMatchObject({ kycStatus: 'unverified', provider: 'manual', latest: null });

    const res = await submitIdentity(t.app, person);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kycStatus: 'pending',
      redirectUrl: null,
      expectedReviewHours: 48,
      latest: { status: 'pending', legalName: 'Thandi Nomvula Dlamini', country: 'ZA', rejectionReason: null },
    });
    expect(body.latest.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['back', 'front', 'selfie']);
    expect((await me(person)).json().kycStatus).toBe('pending');

    // On disk: neither the PDF's nor the photos' bytes, nor their magic numbers.
    const folder = path.join(dataDir, 'uploads', 'identity-documents');
    const onDisk = readdirSync(folder).map((f) => readFileSync(path.join(folder, f)));
    expect(onDisk.length).toBeGreaterThanOrEqual(3);
    for (const bytes of onDisk) {
      expect(bytes.subarray(0, 4).toString()).toBe('HFE1');
      expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
    }
    const rows = await t.database.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.verificationId, body.latest.id));
    expect(rows.every((r) => r.encrypted && r.storageKey.startsWith('identity-documents/'))).toBe(true);

    // The owner reads them decrypted, never cached; the PDF as it came.
    const front = body.latest.documents.find((d: { kind: string }) => d.kind === 'front');
    const file = await as(t.app, person)('GET', front.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const selfie = body.latest.documents.find((d: { kind: string }) => d.kind === 'selfie');
    const photo = await as(t.app, person)('GET', selfie.url);
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses a second submission while one is pending', async () => {
    const person = await registerUser(t.app);
    await submitted(person);
    const again = await submitIdentity(t.app, person);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('IDENTITY_PENDING');
    // Two at once: one wins, the other is refused (the unique index holds under a race).
    const other = await registerUser(t.app);
    const [a, b] = await Promise.all([submitIdentity(t.app, other), submitIdentity(t.app, other)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('refuses files whose content lies about what they are, and says which one', async () => {
    const person = await registerUser(t.app);
    const cases: Array<[Partial<Record<'front' | 'back' | 'selfie', Buffer | null>>, string]> = [
      // A script named front.jpg and sent as image/jpeg.
      [{ front: Buffer.from('<script>alert(1)</script>') }, 'front'],
      // A PNG signature followed by garbage: sniffed as PNG, does not decode.
      [{ back: Buffer.concat([IMAGES.png.subarray(0, 16), Buffer.alloc(64, 7)]) }, 'back'],
      // A PDF is fine for a document, never for a selfie.
      [{ selfie: PDF }, 'selfie'],
      // A GIF is an image, but not one of the accepted kinds.
      [{ selfie: IMAGES.gif }, 'selfie'],
    ];
    for (const [files, field] of cases) {
      const res = await submitIdentity(t.app, person, identityFields(), identityFiles(files));
      expect(res.statusCode, field).toBe(415);
      expect(res.json().code).toBe('IDENTITY_FILE_TYPE_NOT_ALLOWED');
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const tooBig = await submitIdentity(
      t.app,
      person,
      identityFields(),
      identityFiles({ front: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) }),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('IDENTITY_FILE_TOO_LARGE');
    // A national ID needs its back; a passport does not.
    const noBack = await submitIdentity(t.app, person, identityFields(), identityFiles({ back: null }));
    expect(noBack.statusCode).toBe(400);
    expect(noBack.json().fields).toHaveProperty('back');
    const badFields = await submitIdentity(t.app, person, identityFields({ dateOfBirth: '2020-01-01', country: '' }));
    expect(badFields.statusCode).toBe(400);
    expect(Object.keys(badFields.json().fields).sort()).toEqual(['country', 'dateOfBirth']);
    // Nothing was recorded and nothing stays on disk from the refusals.
    expect((await me(person)).json().kycStatus).toBe('unverified');
    const passport = await submitIdentity(
      t.app,
      person,
      identityFields({ documentType: 'passport' }),
      identityFiles({ back: null, front: IMAGES.webp }),
    );
    expect(passport.statusCode, passport.body).toBe(201);
    expect(passport.json().latest.documents).toHaveLength(2);
  });

  it('needs a session', async () => {
    expect((await submitIdentity(t.app, null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/verification/identity' })).statusCode).toBe(401);
  });
});

describe('who may read documents and decide', () => {
  it('documents: the owner and reviewers only; a stranger and a moderator without permission learn nothing', async () => {
    const person = await registerUser(t.app);
    const { documents, id } = await submitted(person);
    const url = documents[0]!.url;
    expect((await as(t.app, stranger)('GET', url)).statusCode).toBe(404);
    expect((await as(t.app, moderator)('GET', url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await as(t.app, admin)('GET', url)).statusCode).toBe(200);
    expect((await as(t.app, stranger)('GET', `/api/identity-reviews/${id}`)).statusCode).toBe(403);
  });

  it('a user cannot approve themselves; a reviewer never reviews their own submission', async () => {
    const person = await registerUser(t.app);
    const { id } = await submitted(person);
    const self = await approve(person, id);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('FORBIDDEN');

    const otherAdmin = await registerUser(t.app, { role: 'admin' });
    const own = await submitted(otherAdmin);
    const res = await approve(otherAdmin, own.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CANNOT_REVIEW_OWN');
    expect((await reject(otherAdmin, own.id, 'Looks fine to me')).json().code).toBe('CANNOT_REVIEW_OWN');
    expect((await me(otherAdmin)).json().kycStatus).toBe('pending');
  });

  it('a moderator reviews only while an admin allows it; granting and revoking are audited', async () => {
    const person = await registerUser(t.app);
    const { id } = await submitted(person);
    expect((await as(t.app, moderator)('GET', '/api/identity-reviews')).statusCode).toBe(403);
    expect((await approve(moderator, id)).statusCode).toBe(403);
    expect((await as(t.app, moderator)('GET', '/api/identity-reviews/access')).json()).toEqual({ mayReview: false });

    // Only admins grant, and only to moderators.
    const grant = (by: RegisteredUser, userId: string, allowed: boolean) =>
      as(t.app, by)('PUT', `/api/admin/identity-reviewers/${userId}`, { allowed });
    expect((await grant(moderator, moderator.user.id, true)).statusCode).toBe(403);
    expect((await grant(admin, stranger.user.id, true)).json().code).toBe('NOT_A_MODERATOR');
    const granted = await grant(admin, moderator.user.id, true);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().moderators).toContainEqual(expect.objectContaining({ id: moderator.user.id, allowed: true }));

    expect((await as(t.app, moderator)('GET', '/api/identity-reviews/access')).json()).toEqual({ mayReview: true });
    const queue = await as(t.app, moderator)('GET', '/api/identity-reviews');
    expect(queue.json().reviews.map((r: { id: string }) => r.id)).toContain(id);

    expect((await grant(admin, moderator.user.id, false)).statusCode).toBe(200);
    expect((await approve(moderator, id)).statusCode).toBe(403);
    await grant(admin, moderator.user.id, true);
    const ok = await approve(moderator, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'verified', decidedBy: { id: moderator.user.id } });
    await grant(admin, moderator.user.id, false);

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'user'), eq(auditEvents.subjectId, moderator.user.id)));
    expect(audit.map((a) => a.action)).toEqual([
      'user.grant_identity_review',
      'user.revoke_identity_review',
      'user.grant_identity_review',
      'user.revoke_identity_review',
    ]);
  });
});

describe('decisions', () => {
  it('rejected with a reason the person sees, resubmitted, then verified; each audited, told by bell and email', async () => {
    const person = await registerUser(t.app, { role: 'seller' });
    const first = await submitted(person);
    // The notify jobs run before the decision, as they do in a running server.
    await t.app.scheduler.runDue();
    const queue = await as(t.app, admin)('GET', '/api/identity-reviews');
    expect(queue.json().reviews).toContainEqual(
      expect.objectContaining({ id: first.id, email: person.email, legalName: 'Thandi Nomvula Dlamini' }),
    );
    const detail = await as(t.app, admin)('GET', `/api/identity-reviews/${first.id}`);
    expect(detail.json()).toMatchObject({
      user: { id: person.user.id, email: person.email },
      dateOfBirth: '1990-04-12',
    });

    // A rejection needs its reason.
    expect((await reject(admin, first.id)).statusCode).toBe(400);
    expect((await reject(admin, first.id, '   ')).statusCode).toBe(400);
    const reason = 'The photo of the front is blurred: take it again in good light.';
    const rejected = await reject(admin, first.id, reason);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await me(person)).json().kycStatus).toBe('rejected');
    expect((await state(person)).json().latest).toMatchObject({ status: 'rejected', rejectionReason: reason });
    // Decided once: neither decision again.
    expect((await approve(admin, first.id)).json().code).toBe('IDENTITY_NOT_PENDING');

    // Resubmission after a rejection is allowed.
    const second = await submitted(person);
    await t.app.scheduler.runDue();
    expect((await me(person)).json().kycStatus).toBe('pending');
    const approved = await approve(admin, second.id);
    expect(approved.statusCode).toBe(200);
    expect((await me(person)).json().kycStatus).toBe('verified');
    // Verified: nothing more to submit.
    expect((await submitIdentity(t.app, person)).json().code).toBe('IDENTITY_ALREADY_VERIFIED');

    // The public profile's KYC badge reads the same state.
    const slug = `kyc-${Date.now().toString(36)}`;
    await as(t.app, person)('POST', '/api/user/update-profile-slug', { slug });
    const profile = await t.app.inject({ method: 'GET', url: `/api/public/profile/${slug}` });
    expect(profile.json().verificationStats.kycStatus).toBe('verified');

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectType, 'identity_verification'));
    expect(audit.filter((a) => a.subjectId === first.id)).toEqual([
      expect.objectContaining({ action: 'identity.reject', actorUserId: admin.user.id, reason }),
    ]);
    expect(audit.filter((a) => a.subjectId === second.id)).toEqual([
      expect.objectContaining({ action: 'identity.approve', actorUserId: admin.user.id }),
    ]);

    await t.app.scheduler.runDue();
    const bell = await t.database.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(bell.map((n) => n.title).sort()).toEqual([
      'Identity verification pending',
      'Identity verification pending',
      'Identity verification rejected',
      'Identity verified',
    ]);
    expect(bell.find((n) => n.title === 'Identity verification rejected')?.body).toContain(reason);
    // While it waits: why, how long, and that nothing is needed meanwhile (every hold explained).
    expect(bell.find((n) => n.title === 'Identity verification pending')?.body).toMatch(
      /^We received your .+ and selfie\. Our team reviews them, usually within 2 working days\. Nothing for now\./,
    );
    await t.app.scheduler.runDue();
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, person.email));
    expect(
      mail
        .map((m) => m.subject)
        .filter((s) => s.includes('identity'))
        .sort(),
    ).toEqual(['We could not verify your identity', 'Your identity is verified']);
    expect(mail.find((m) => m.subject === 'We could not verify your identity')?.text).toContain(reason);
    // The reviewers' bell heard of each new submission.
    const staffBell = await t.database.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(staffBell.some((n) => n.title === 'Identity verification to review')).toBe(true);
  });

  it('the retention job deletes the files after KYC_RETENTION_DAYS, keeping the decision and who made it', async () => {
    const person = await registerUser(t.app);
    const { id, documents } = await submitted(person);
    expect((await approve(admin, id)).statusCode).toBe(200);
    const keys = (
      await t.database.db.select().from(identityDocuments).where(eq(identityDocuments.verificationId, id))
    ).map((d) => d.storageKey);
    const exists = () =>
      keys.map((k) => readdirSync(path.dirname(path.join(dataDir, 'uploads', k))).includes(path.basename(k)));
    expect(exists()).toEqual([true, true, true]);

    // Not before its time.
    clock.advance(29 * DAY);
    await t.app.scheduler.runDue();
    expect(exists()).toEqual([true, true, true]);

    clock.advance(2 * DAY);
    await t.app.scheduler.runDue();
    expect(exists()).toEqual([false, false, false]);
    expect(
      await t.database.db.select().from(identityDocuments).where(eq(identityDocuments.verificationId, id)),
    ).toEqual([]);
    const [kept] = await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.id, id));
    expect(kept).toMatchObject({ status: 'verified', decidedById: admin.user.id, legalName: 'Thandi Nomvula Dlamini' });
    expect(kept!.documentsDeletedAt).not.toBeNull();
    expect((await as(t.app, person)('GET', documents[0]!.url)).statusCode).toBe(404);
    expect((await state(person)).json().latest).toMatchObject({ status: 'verified', documents: [] });
    expect((await me(person)).json().kycStatus).toBe('verified');
  });
});

describe('sanctions screening at identity verification', () => {
  it('a listed name is screened at submission; the reviewer sees the match, the person never does', async () => {
    const person = await registerUser(t.app);
    const res = await submitIdentity(
      t.app,
      person,
      identityFields({ legalName: 'Viktor Zharovsky', dateOfBirth: '1961-03-14' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().latest as { id: string };
    // The submission is not refused and the person reads nothing of the screening.
    expect(res.body).not.toMatch(/sanction|Pavlovich|90001/i);
    expect((await state(person)).body).not.toMatch(/sanction|Pavlovich|90001/i);

    const queue = (await as(t.app, admin)('GET', '/api/identity-reviews')).json().reviews as Array<{
      id: string;
      possibleSanctionsMatch: boolean;
    }>;
    expect(queue.find((r) => r.id === id)?.possibleSanctionsMatch).toBe(true);
    const review = (await as(t.app, admin)('GET', `/api/identity-reviews/${id}`)).json();
    expect(review.heldReason).toBeNull();
    expect(review.sanctionsMatches).toEqual([
      expect.objectContaining({
        screened: 'Viktor Zharovsky',
        listId: 'sample',
        entryId: '90001',
        name: 'ZHAROVSKY, Viktor Pavlovich',
        score: expect.any(Number),
      }),
    ]);
    expect(review.sanctionsMatches[0].score).toBeGreaterThanOrEqual(0.88);

    // Staff saw it and decide: an approval by a reviewer verifies (they are the check).
    expect((await approve(admin, id)).statusCode).toBe(200);
    expect((await me(person)).json().kycStatus).toBe('verified');
  });

  it('a clean name carries no match', async () => {
    const person = await registerUser(t.app);
    const { id } = await submitted(person);
    const review = (await as(t.app, admin)('GET', `/api/identity-reviews/${id}`)).json();
    expect(review).toMatchObject({ sanctionsMatches: [], heldReason: null });
    const queue = (await as(t.app, admin)('GET', '/api/identity-reviews')).json().reviews as Array<{
      id: string;
      possibleSanctionsMatch: boolean;
    }>;
    expect(queue.find((r) => r.id === id)?.possibleSanctionsMatch).toBe(false);
  });
});
