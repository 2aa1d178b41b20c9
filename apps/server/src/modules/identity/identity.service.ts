import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  documentNeedsBack,
  IDENTITY_FILE_LABELS,
  IDENTITY_MESSAGES as M,
  IDENTITY_REVIEW_EXPECTED_HOURS,
  ZIdentitySubmissionFields,
  type TIdentityDocumentType,
  type TIdentityFileKind,
  type TIdentityReview,
  type TIdentityReviewList,
  type TIdentitySubmitResponse,
  type TIdentityVerificationState,
  type TKycStatus,
} from '@holdfast/contracts';
import type { Db, Tx } from '../../db/client.js';
import {
  identityDocuments,
  identityVerifications,
  users,
  verificationEvents,
  type StoredSanctionsMatch,
} from '../../db/schema/index.js';
import { recordAudit, type AuditOrigin } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { DAY, type Clock } from '../../lib/clock.js';
import { appError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { enqueueJob, type Scheduler } from '../../jobs/index.js';
import type { Storage, StoredObject } from '../../providers/storage/index.js';
import {
  VerificationProviderUnavailableError,
  VerificationWebhookError,
  type VerificationProvider,
} from '../../providers/verification/index.js';
import { notify } from '../notifications/index.js';
import type { SanctionsMatch, ScreenInput } from '../sanctions/index.js';
import { prepareIdentityFile } from './identity.files.js';
import {
  documentsOf,
  findBySession,
  findDocument,
  findVerification,
  isIdentityReviewer,
  latestVerification,
  lockVerification,
  pendingQueue,
  submissionView,
  type VerificationRow,
} from './identity.queries.js';

/** Documents live under this prefix, each under a random name; only the authorized document route serves them. */
const STORAGE_PREFIX = 'identity-documents/';
const newStorageKey = () => `${STORAGE_PREFIX}${randomBytes(16).toString('hex')}`;

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));

/** Who decided: a reviewer (with where their request came from) or the hosted provider's webhook. */
export type Decider =
  { kind: 'staff'; user: SessionUser; origin?: AuditOrigin } | { kind: 'provider'; eventId: string };

export interface IdentityServiceDeps {
  db: Db;
  clock: Clock;
  /** Documents' store: encrypted at rest on disk (services.ts wraps it). */
  storage: Storage;
  /** Whether `storage` encrypts (recorded per document). */
  encrypted: boolean;
  provider: VerificationProvider;
  publicUrl: string;
  /** How long documents are kept after the decision. */
  retentionMs: number;
  scheduler?: Pick<Scheduler, 'kick'>;
  log?: FastifyBaseLogger;
  /** The sanctions screening of a legal name (modules/sanctions at SANCTIONS_MATCH_THRESHOLD). */
  screen: (input: ScreenInput) => Promise<SanctionsMatch[]>;
}

/** A possible match as the submission keeps it: which name was screened, and the list entry it resembles. */
const storedMatches = (screened: string, matches: SanctionsMatch[]): StoredSanctionsMatch[] =>
  matches.map((m) => ({ screened, ...m }));

/** The reason a reviewer reads beside a submission the hosted provider approved but screening stopped. */
export function sanctionsHoldReason(matches: StoredSanctionsMatch[]): string {
  const best = matches[0];
  return best
    ? `The provider verified the documents, but the legal name is a possible sanctions match (${best.name}, score ${best.score.toFixed(2)}): a reviewer decides.`
    : 'The provider verified the documents; a reviewer decides.';
}

export interface SubmittedForm {
  fields: Record<string, string>;
  files: Partial<Record<TIdentityFileKind, Buffer>>;
}

/**
 * Identity verification (issue 30): a person's submission, the staff review queue, the hosted provider's
 * webhook, and the retention of documents. Each change of state is one database transaction that also
 * writes `users.kyc_status` (what GET /api/auth/user and the public profile read), the audit record and
 * the notification.
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  const { db, clock, storage, provider, log } = deps;

  async function kycStatusOf(userId: string): Promise<TKycStatus> {
    const [row] = await db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
    return (row?.kycStatus as TKycStatus | undefined) ?? 'unverified';
  }

  async function state(user: SessionUser): Promise<TIdentityVerificationState> {
    const latest = await latestVerification(db, user.id);
    return {
      kycStatus: await kycStatusOf(user.id),
      provider: provider.name,
      expectedReviewHours: IDENTITY_REVIEW_EXPECTED_HOURS,
      retentionDays: Math.round(deps.retentionMs / DAY),
      latest: latest && submissionView(latest, await documentsOf(db, latest.id)),
    };
  }

  /** Refuses a submission while one waits or once verified (checked again under the lock and by the index). */
  async function assertMaySubmit(on: Db | Tx, userId: string) {
    const latest = await latestVerification(on, userId);
    if (latest?.status === 'pending') throw appError('IDENTITY_PENDING', M.pending);
    if (latest?.status === 'verified') throw appError('IDENTITY_ALREADY_VERIFIED', M.alreadyVerified);
  }

  /** The files each kind of document needs, prepared (type from the content) before anything is stored. */
  async function prepareFiles(documentType: TIdentityDocumentType, files: SubmittedForm['files']) {
    const kinds: TIdentityFileKind[] = [
      'front',
      ...(documentNeedsBack(documentType) ? (['back'] as const) : []),
      'selfie',
    ];
    const missing = kinds.filter((k) => !files[k]);
    if (missing.length) {
      const fieldErrors = Object.fromEntries(missing.map((k) => [k, M.fileMissing(IDENTITY_FILE_LABELS[k])]));
      throw badRequest(Object.values(fieldErrors)[0]!, fieldErrors);
    }
    const prepared = [];
    for (const kind of kinds) prepared.push({ kind, ...(await prepareIdentityFile(kind, files[kind]!, log)) });
    return prepared;
  }

  async function submit(user: SessionUser, form: SubmittedForm): Promise<TIdentitySubmitResponse> {
    await assertMaySubmit(db, user.id);
    const parsed = ZIdentitySubmissionFields.safeParse(form.fields);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      throw badRequest(Object.values(fields)[0] ?? 'Check the form', fields);
    }
    const data = parsed.data;
    const id = randomUUID();
    // Screened before anything is stored: a possible match does not refuse the submission (the person is not
    // told), it is kept with it for the reviewer, who sees it before deciding (issue 30, item 5).
    const matches = storedMatches(
      data.legalName,
      await deps.screen({ name: data.legalName, dateOfBirth: data.dateOfBirth }),
    );

    // Hosted: the provider collects the documents on its own pages; we keep what the person typed.
    let session: { sessionId: string; url: string } | null = null;
    const prepared = provider.collectsDocuments ? await prepareFiles(data.documentType, form.files) : [];
    if (!provider.collectsDocuments) {
      try {
        session = await provider.startSession({ reference: id, returnUrl: `${deps.publicUrl}/verification/identity` });
      } catch (err) {
        if (!(err instanceof VerificationProviderUnavailableError)) throw err;
        log?.warn({ err }, 'verification provider unavailable');
        throw appError('PROVIDER_UNAVAILABLE', M.providerUnavailable);
      }
    }

    const stored: string[] = [];
    try {
      const documents: Array<(typeof prepared)[number] & { key: string }> = [];
      for (const file of prepared) {
        const key = newStorageKey();
        await storage.put(key, file.body, file.contentType);
        stored.push(key);
        documents.push({ ...file, key });
      }
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        await assertMaySubmit(tx, user.id);
        const now = clock.now();
        await tx.insert(identityVerifications).values({
          id,
          userId: user.id,
          provider: provider.name,
          providerSessionId: session?.sessionId ?? null,
          ...data,
          sanctionsMatches: matches,
          submittedAt: now,
        });
        if (documents.length)
          await tx.insert(identityDocuments).values(
            documents.map((d) => ({
              verificationId: id,
              kind: d.kind,
              storageKey: d.key,
              contentType: d.contentType,
              size: d.body.length,
              sha256: createHash('sha256').update(d.body).digest('hex'),
              encrypted: deps.encrypted,
              createdAt: now,
            })),
          );
        await tx.update(users).set({ kycStatus: 'pending', updatedAt: now }).where(eq(users.id, user.id));
        await notify(tx, { type: 'identity.submitted', verificationId: id }, now);
      });
    } catch (err) {
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      if (isUniqueViolation(err)) throw appError('IDENTITY_PENDING', M.pending);
      throw err;
    }
    deps.scheduler?.kick();
    return { ...(await state(user)), redirectUrl: session?.url ?? null };
  }

  /** Admins, and moderators an admin allowed. */
  async function mayReview(user: SessionUser): Promise<boolean> {
    if (user.role === 'admin') return true;
    return user.role === 'moderator' && (await isIdentityReviewer(db, user.id));
  }

  async function requireReviewer(user: SessionUser) {
    if (!(await mayReview(user))) throw forbidden(M.notAReviewer);
  }

  /** A document's bytes for its owner or a reviewer; anyone else learns nothing (404). */
  async function readDocument(user: SessionUser, documentId: string): Promise<StoredObject & { kind: string }> {
    const found = await findDocument(db, documentId);
    if (!found || (found.ownerId !== user.id && !(await mayReview(user)))) throw notFound(M.documentNotFound);
    const stored = await storage.get(found.document.storageKey);
    if (!stored) throw notFound(M.documentNotFound);
    return { ...stored, contentType: found.document.contentType, kind: found.document.kind };
  }

  async function queue(user: SessionUser): Promise<TIdentityReviewList> {
    await requireReviewer(user);
    const rows = await pendingQueue(db);
    return {
      reviews: rows.map((r) => ({
        ...r,
        possibleSanctionsMatch: Boolean(r.possibleSanctionsMatch),
        submittedAt: r.submittedAt.toISOString(),
      })),
    };
  }

  async function review(user: SessionUser, id: string): Promise<TIdentityReview> {
    await requireReviewer(user);
    const v = await findVerification(db, id);
    if (!v) throw notFound(M.notFound);
    const [owner] = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, v.userId));
    if (!owner) throw notFound(M.notFound);
    const [decider] = v.decidedById
      ? await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(eq(users.id, v.decidedById))
      : [];
    return {
      ...submissionView(v, await documentsOf(db, v.id)),
      sanctionsMatches: v.sanctionsMatches,
      heldReason: v.heldReason,
      user: { ...owner, createdAt: owner.createdAt.toISOString() },
      decidedBy: decider
        ? { id: decider.id, name: [decider.firstName, decider.lastName].filter(Boolean).join(' ') || decider.email }
        : null,
    };
  }

  /**
   * The one way a submission is decided, staff or provider alike: the row moves from pending (a conditional
   * update, so two racing decisions decide once), `users.kyc_status` follows, the decision is audited, the
   * person told, and the documents' deletion is scheduled for KYC_RETENTION_DAYS later.
   */
  async function decide(
    tx: Tx,
    v: VerificationRow,
    outcome: { status: 'verified' } | { status: 'rejected'; reason: string },
    by: Decider,
  ): Promise<void> {
    const now = clock.now();
    const reason = outcome.status === 'rejected' ? outcome.reason.trim() : null;
    const [decided] = await tx
      .update(identityVerifications)
      .set({
        status: outcome.status,
        decidedAt: now,
        decidedById: by.kind === 'staff' ? by.user.id : null,
        rejectionReason: reason,
      })
      .where(and(eq(identityVerifications.id, v.id), eq(identityVerifications.status, 'pending')))
      .returning({ id: identityVerifications.id });
    if (!decided) throw appError('IDENTITY_NOT_PENDING', M.notPending);
    await tx.update(users).set({ kycStatus: outcome.status, updatedAt: now }).where(eq(users.id, v.userId));
    await recordAudit(tx, {
      actorId: by.kind === 'staff' ? by.user.id : null,
      action: outcome.status === 'verified' ? 'identity.approve' : 'identity.reject',
      subject: { type: 'identity_verification', id: v.id },
      reason,
      origin: by.kind === 'staff' ? by.origin : undefined,
      detail: {
        userId: v.userId,
        provider: v.provider,
        ...(by.kind === 'provider' ? { eventId: by.eventId } : {}),
      },
      at: now,
    });
    await notify(tx, { type: 'identity.decided', verificationId: v.id }, now);
    await enqueueJob(tx, {
      kind: 'identity.purge-documents',
      payload: { verificationId: v.id },
      runAt: new Date(now.getTime() + deps.retentionMs),
      key: `identity-purge:${v.id}`,
    });
  }

  /**
   * Approving an identity, by staff or by the provider's webhook: every approval passes here. Staff saw the
   * screening's matches beside the documents and decide knowingly. The provider knows nothing of our lists:
   * its approval is screened again (a list may have been loaded since the submission; `screened`, done by
   * the caller before its transaction), and a possible match leaves the submission pending for staff with
   * the reason, audited; the person stays `pending`.
   */
  async function approveIdentity(
    tx: Tx,
    v: VerificationRow,
    by: Decider,
    screened: StoredSanctionsMatch[] = [],
  ): Promise<'verified' | 'held'> {
    if (by.kind === 'provider' && screened.length) {
      const now = clock.now();
      const heldReason = sanctionsHoldReason(screened);
      await tx
        .update(identityVerifications)
        .set({ sanctionsMatches: screened, heldReason })
        .where(eq(identityVerifications.id, v.id));
      await recordAudit(tx, {
        actorId: null,
        action: 'identity.hold',
        subject: { type: 'identity_verification', id: v.id },
        reason: heldReason,
        detail: { userId: v.userId, provider: v.provider, eventId: by.eventId, matches: screened },
        at: now,
      });
      log?.warn({ verificationId: v.id, eventId: by.eventId }, 'provider approval held: possible sanctions match');
      return 'held';
    }
    await decide(tx, v, { status: 'verified' }, by);
    return 'verified';
  }

  /** Staff decisions: the reviewer may review, never their own submission, and only a pending one. */
  async function staffDecision(
    user: SessionUser,
    id: string,
    outcome: { status: 'verified' } | { status: 'rejected'; reason: string },
    origin?: AuditOrigin,
  ): Promise<TIdentityReview> {
    await requireReviewer(user);
    await db.transaction(async (tx) => {
      const v = await lockVerification(tx, id);
      if (!v) throw notFound(M.notFound);
      if (v.userId === user.id) throw appError('CANNOT_REVIEW_OWN', M.cannotReviewOwn);
      if (v.status !== 'pending') throw appError('IDENTITY_NOT_PENDING', M.notPending);
      const by: Decider = { kind: 'staff', user, origin };
      if (outcome.status === 'verified') await approveIdentity(tx, v, by);
      else await decide(tx, v, outcome, by);
    });
    deps.scheduler?.kick();
    return review(user, id);
  }

  /**
   * A signed event from the hosted provider. The signature and the replay window are checked first; the
   * event id is recorded in the same database transaction as its effect, so a redelivery changes nothing.
   */
  async function handleWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true; duplicate?: true }> {
    if (provider.name !== 'hosted') throw notFound();
    let event;
    try {
      event = provider.parseWebhook(rawBody, headers);
    } catch (err) {
      if (!(err instanceof VerificationWebhookError)) throw err;
      log?.warn({ reason: err.reason }, 'verification webhook refused');
      throw appError('WEBHOOK_SIGNATURE_INVALID', err.reason === 'stale' ? M.webhookStale : M.webhookSignature);
    }
    if (event.type === 'other') return { received: true };
    const decided = event;
    // The legal name is screened before the transaction (screening reads the lists through its own cache).
    const target = decided.type === 'verified' ? await findBySession(db, decided.sessionId) : null;
    const screened = target
      ? storedMatches(target.legalName, await deps.screen({ name: target.legalName, dateOfBirth: target.dateOfBirth }))
      : [];
    const duplicate = await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(verificationEvents)
        .values({ id: decided.id, type: decided.rawType, sessionId: decided.sessionId, receivedAt: clock.now() })
        .onConflictDoNothing()
        .returning({ id: verificationEvents.id });
      if (!fresh.length) return true;
      const found = await findBySession(tx, decided.sessionId);
      const v = found && (await lockVerification(tx, found.id));
      if (!v || v.status !== 'pending') {
        log?.warn({ eventId: decided.id, session: decided.sessionId }, 'verification event for no pending submission');
        return false;
      }
      const by: Decider = { kind: 'provider', eventId: decided.id };
      if (decided.type === 'verified') await approveIdentity(tx, v, by, screened);
      else await decide(tx, v, { status: 'rejected', reason: decided.reason }, by);
      return false;
    });
    deps.scheduler?.kick();
    return duplicate ? { received: true, duplicate: true } : { received: true };
  }

  /**
   * The retention job: a decided submission's files are deleted from the store and their rows removed;
   * the submission (what was typed, the decision, who made it, when) stays. Safe to run twice.
   */
  async function purgeDocuments(verificationId: string): Promise<void> {
    const v = await findVerification(db, verificationId);
    if (!v || v.status === 'pending') return;
    const documents = await documentsOf(db, v.id);
    for (const d of documents) await storage.delete(d.storageKey);
    await db.transaction(async (tx) => {
      await tx.delete(identityDocuments).where(eq(identityDocuments.verificationId, v.id));
      await tx
        .update(identityVerifications)
        .set({ documentsDeletedAt: clock.now() })
        .where(eq(identityVerifications.id, v.id));
    });
  }

  return {
    state,
    submit,
    readDocument,
    mayReview,
    queue,
    review,
    approve: (user: SessionUser, id: string, origin?: AuditOrigin) =>
      staffDecision(user, id, { status: 'verified' }, origin),
    reject: (user: SessionUser, id: string, reason: string, origin?: AuditOrigin) =>
      staffDecision(user, id, { status: 'rejected', reason }, origin),
    handleWebhook,
    purgeDocuments,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
