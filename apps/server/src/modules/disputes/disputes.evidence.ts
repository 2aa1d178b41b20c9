import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Sharp } from 'sharp';
import {
  DISPUTE_MESSAGES,
  EVIDENCE_CAPTION_MAX_LENGTH,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MAX_FILES_PER_ROLE,
  EVIDENCE_MESSAGES as M,
  TRANSACTION_MESSAGES,
  hasControlCharacters,
  type TCaseAuthor,
  type TDisputeEvidence,
  type TDisputeStatement,
} from '@holdfast/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { disputeEvidence, disputeStatements, transactions } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, appError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import { reencodeImage, sharpReadsHeic, sniffMime } from '../../lib/images.js';
import type { Storage, StoredObject } from '../../providers/storage/index.js';
import { lockTransaction, relationOf, type TransactionRow } from '../transactions/index.js';
import {
  authorOf,
  countEvidenceBy,
  evidenceView,
  findEvidence,
  listEvidence,
  listStatements,
  statementView,
} from './disputes.evidence.queries.js';
import { findDispute, lockDispute, type DisputeRow } from './disputes.queries.js';
import { recordContribution } from './disputes.response.js';

type CaseRole = TCaseAuthor['role'];

/**
 * Evidence lives under this prefix, each file under a random name: no public route serves it (the only
 * public file route, /api/files/profile-pictures/:name, reads `profile-pictures/` names alone).
 */
const STORAGE_PREFIX = 'dispute-evidence/';
const newStorageKey = () => `${STORAGE_PREFIX}${randomBytes(16).toString('hex')}`;

/** Evidence keeps its detail (a label, a scratch), unlike an avatar, but within bounds. */
const MAX_SIDE = 4096;
/** Decoding stops above this (a 48-megapixel phone photo passes); a small file cannot unpack into gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;
const MAX_SECONDS = 20;

/** How each accepted image content is stored: HEIC becomes JPEG, which every browser shows. */
const IMAGE_CODECS: Record<string, { format: string; type: string; encode: (image: Sharp) => Sharp }> = {
  'image/jpeg': { format: 'jpeg', type: 'image/jpeg', encode: (image) => image.jpeg({ quality: 90 }) },
  'image/png': { format: 'png', type: 'image/png', encode: (image) => image.png() },
  'image/webp': { format: 'webp', type: 'image/webp', encode: (image) => image.webp({ quality: 90 }) },
  'image/heic': { format: 'heif', type: 'image/jpeg', encode: (image) => image.jpeg({ quality: 90 }) },
};
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const typeNotAllowed = (message: string = M.typeNotAllowed) => appError('EVIDENCE_TYPE_NOT_ALLOWED', message);

/**
 * The bytes as they are stored and their type, decided from the content: images re-encoded without
 * metadata (lib/images.ts), PDFs (a `%PDF-` header) as they came. Everything else is refused.
 */
export async function prepareEvidence(
  bytes: Buffer,
  log?: FastifyBaseLogger,
): Promise<{ body: Buffer; contentType: string }> {
  if (bytes.length === 0) throw appError('EVIDENCE_EMPTY', M.empty);
  if (bytes.length > EVIDENCE_MAX_BYTES) throw appError('EVIDENCE_TOO_LARGE', M.tooLarge);
  const sniffed = await sniffMime(bytes);
  if (sniffed === 'application/pdf') return { body: bytes, contentType: 'application/pdf' };
  const mime = sniffed === 'image/heif' ? 'image/heic' : sniffed;
  const codec = mime ? IMAGE_CODECS[mime] : undefined;
  if (!codec) throw typeNotAllowed();
  if (mime === 'image/heic' && !sharpReadsHeic()) throw typeNotAllowed(M.heicUnsupported);
  const body = await reencodeImage(bytes, {
    format: codec.format,
    encode: codec.encode,
    maxSide: MAX_SIDE,
    maxInputPixels: MAX_INPUT_PIXELS,
    maxSeconds: MAX_SECONDS,
  }).catch((err: unknown) => {
    log?.info({ err }, 'refused dispute evidence that does not decode');
    return null;
  });
  if (!body) throw typeNotAllowed(M.unreadable);
  return { body, contentType: codec.type };
}

/** The uploader's file name for display: its last path segment, without control characters, at most 120 long. */
export function displayFileName(raw: string, contentType: string): string {
  const base = (raw.split(/[/\\]/).pop() ?? '')
    .split('')
    .filter((c) => !hasControlCharacters(c))
    .join('')
    .trim()
    .slice(0, 120);
  return base || `evidence.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/**
 * A Content-Disposition value that cannot break out of its header: an ASCII name of safe characters with the
 * stored type's extension, and the display name in RFC 5987 form for browsers that read it.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string, contentType: string): string {
  const ext = EXTENSIONS[contentType] ?? 'bin';
  const stem = fileName.replace(/\.[^.]*$/, '');
  const ascii = `${stem.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 100) || 'evidence'}.${ext}`;
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * as they are.
  const utf8 = encodeURIComponent(`${stem.slice(0, 100) || 'evidence'}.${ext}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** A caption: trimmed, at most 300 characters, no control characters (empty is fine). */
function parseCaption(raw: string | undefined, cut: boolean): string {
  const caption = (raw ?? '').trim();
  if (cut || caption.length > EVIDENCE_CAPTION_MAX_LENGTH)
    throw badRequest(M.captionTooLong, { caption: M.captionTooLong });
  if (hasControlCharacters(caption)) throw badRequest(M.invalidCharacters, { caption: M.invalidCharacters });
  return caption;
}

/**
 * Who the caller is in this case, or the refusal: strangers learn nothing (404). Parties read and add;
 * moderators and admins read every case (as GET /api/disputes/:id); adding is the assigned moderator's, or
 * any moderator's while the case is open and unassigned, and always an admin's.
 */
function caseRoleOf(t: TransactionRow, d: DisputeRow, user: SessionUser, action: 'read' | 'add'): CaseRole {
  const rel = relationOf(t, user);
  if (rel.isBuyer) return 'buyer';
  if (rel.isSeller) return 'seller';
  if (rel.isUnverifiedSeller) throw new AppError('EMAIL_NOT_VERIFIED', TRANSACTION_MESSAGES.verifyEmailFirst);
  if (user.role === 'admin') return 'admin';
  if (user.role !== 'moderator') throw notFound(DISPUTE_MESSAGES.notFound);
  const mayAdd = d.moderatorId === user.id || (d.moderatorId === null && d.status === 'open');
  if (action === 'add' && !mayAdd) throw forbidden(M.notAllowed);
  return 'moderator';
}

const ALREADY_RESOLVED = () => appError('DISPUTE_RESOLVED', DISPUTE_MESSAGES.alreadyResolved);
const isParty = (role: CaseRole): role is 'buyer' | 'seller' => role === 'buyer' || role === 'seller';

export interface EvidenceUpload {
  bytes: Buffer;
  fileName: string;
  caption: string | undefined;
  /** The caption field was cut at the form's field size (longer than any caption may be). */
  captionCut: boolean;
}

/**
 * The parties' statements and evidence in a dispute. A file is checked and stored before the database
 * transaction (decoding is slow; no lock waits on it), then its row, the history line, the response and
 * the notification commit together under the case's locks; a refusal there deletes the stored file.
 */
export function createDisputeEvidenceService({
  db,
  clock,
  storage,
  log,
}: {
  db: Db;
  clock: Clock;
  storage: Storage;
  log?: FastifyBaseLogger;
}) {
  /** The case and the caller's role in it, unlocked (reads and early refusals). */
  async function readCase(on: DbOrTx, user: SessionUser, id: string, action: 'read' | 'add') {
    const d = await findDispute(on, id);
    if (!d) throw notFound(DISPUTE_MESSAGES.notFound);
    const [t] = await on.select().from(transactions).where(eq(transactions.id, d.transactionId));
    if (!t) throw notFound(DISPUTE_MESSAGES.notFound);
    return { t, d, role: caseRoleOf(t, d, user, action) };
  }

  /** Locks the dispute's transaction, then the dispute (the disputes service's order), and checks again. */
  async function lockCase(tx: Tx, user: SessionUser, id: string) {
    const found = await findDispute(tx, id);
    if (!found) throw notFound(DISPUTE_MESSAGES.notFound);
    const t = await lockTransaction(tx, found.transactionId);
    const d = await lockDispute(tx, id);
    if (!t || !d) throw notFound(DISPUTE_MESSAGES.notFound);
    const role = caseRoleOf(t, d, user, 'add');
    if (d.status === 'resolved') throw ALREADY_RESOLVED();
    return { t, d, role };
  }

  async function assertRoom(on: DbOrTx, d: DisputeRow, role: CaseRole) {
    if ((await countEvidenceBy(on, d.id, role)) >= EVIDENCE_MAX_FILES_PER_ROLE)
      throw appError('EVIDENCE_LIMIT_REACHED', M.limitReached(EVIDENCE_MAX_FILES_PER_ROLE));
  }

  async function addEvidence(user: SessionUser, id: string, upload: EvidenceUpload): Promise<TDisputeEvidence> {
    // Refusals that need no decoding first: who, the case's state, the caption, the per-side limit.
    const before = await readCase(db, user, id, 'add');
    if (before.d.status === 'resolved') throw ALREADY_RESOLVED();
    const caption = parseCaption(upload.caption, upload.captionCut);
    await assertRoom(db, before.d, before.role);
    const { body, contentType } = await prepareEvidence(upload.bytes, log);
    const key = newStorageKey();
    await storage.put(key, body, contentType);
    try {
      return await db.transaction(async (tx) => {
        const { t, d, role } = await lockCase(tx, user, id);
        await assertRoom(tx, d, role);
        const now = clock.now();
        const [row] = await tx
          .insert(disputeEvidence)
          .values({
            disputeId: d.id,
            uploaderId: user.id,
            uploaderRole: role,
            storageKey: key,
            fileName: displayFileName(upload.fileName, contentType),
            caption,
            contentType,
            size: body.length,
            sha256: createHash('sha256').update(body).digest('hex'),
            createdAt: now,
          })
          .returning();
        // The history has no place for the hash: the row holds it and the case file shows it from there.
        await recordContribution(tx, t, d, {
          actorId: user.id,
          role,
          action: 'evidence_added',
          event: { type: 'dispute.evidence_added', disputeId: d.id, evidenceId: row!.id },
          now,
        });
        // Staff adding to a case is a staff action; a party's file is the party's own statement.
        if (!isParty(role)) {
          await recordAudit(tx, {
            actorId: user.id,
            action: 'dispute.evidence',
            subject: { type: 'dispute', id: d.id },
            detail: { evidenceId: row!.id, transactionId: t.id, fileName: row!.fileName },
            at: now,
          });
        }
        return evidenceView(row!, await authorOf(tx, user.id, role));
      });
    } catch (err) {
      await storage.delete(key).catch((cause: unknown) => log?.warn({ err: cause, key }, 'could not delete evidence'));
      throw err;
    }
  }

  async function addStatement(
    user: SessionUser,
    id: string,
    text: string,
    answer?: StoreAnswer<TDisputeStatement>,
  ): Promise<TDisputeStatement> {
    return db.transaction(async (tx) => {
      const { t, d, role } = await lockCase(tx, user, id);
      if (!isParty(role)) throw forbidden(M.statementPartiesOnly);
      const now = clock.now();
      const [row] = await tx
        .insert(disputeStatements)
        .values({ disputeId: d.id, authorId: user.id, authorRole: role, text: text.trim(), createdAt: now })
        .returning();
      await recordContribution(tx, t, d, {
        actorId: user.id,
        role,
        action: 'statement_added',
        event: { type: 'dispute.statement_added', disputeId: d.id, statementId: row!.id },
        now,
      });
      const view = statementView(row!, await authorOf(tx, user.id, role));
      await answer?.(tx, view);
      return view;
    });
  }

  /** A file's bytes for a party or staff of its case; everyone else, and another case's id pair: 404. */
  async function readEvidence(
    user: SessionUser,
    id: string,
    evidenceId: string,
  ): Promise<{ stored: StoredObject; fileName: string; contentType: string }> {
    await readCase(db, user, id, 'read');
    const row = await findEvidence(db, id, evidenceId);
    const stored = row && (await storage.get(row.storageKey));
    if (!row || !stored) throw notFound(M.notFound);
    return { stored, fileName: row.fileName, contentType: row.contentType };
  }

  return {
    addEvidence,
    addStatement,
    readEvidence,
    listEvidence: async (user: SessionUser, id: string) => {
      await readCase(db, user, id, 'read');
      return listEvidence(db, id);
    },
    listStatements: async (user: SessionUser, id: string) => {
      await readCase(db, user, id, 'read');
      return listStatements(db, id);
    },
  };
}

export type DisputeEvidenceService = ReturnType<typeof createDisputeEvidenceService>;
