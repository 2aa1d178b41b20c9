import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { IDENTITY_FILE_KINDS, type TIdentityReviewerList, type TIdentitySubmission } from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { identityDocuments, identityReviewers, identityVerifications, users } from '../../db/schema/index.js';

export type VerificationRow = typeof identityVerifications.$inferSelect;
export type DocumentRow = typeof identityDocuments.$inferSelect;

/** Where a document is served: owner and reviewing staff only, never cached. */
export const documentUrl = (id: string) => `/api/identity-documents/${id}`;

export function submissionView(v: VerificationRow, documents: DocumentRow[]): TIdentitySubmission {
  return {
    id: v.id,
    status: v.status,
    provider: v.provider,
    legalName: v.legalName,
    dateOfBirth: v.dateOfBirth,
    addressLine: v.addressLine,
    city: v.city,
    postalCode: v.postalCode,
    country: v.country,
    documentType: v.documentType,
    submittedAt: v.submittedAt.toISOString(),
    decidedAt: v.decidedAt?.toISOString() ?? null,
    rejectionReason: v.rejectionReason,
    documentsDeletedAt: v.documentsDeletedAt?.toISOString() ?? null,
    // Front, back, selfie: the order a reviewer compares them in.
    documents: [...documents]
      .sort((a, b) => IDENTITY_FILE_KINDS.indexOf(a.kind) - IDENTITY_FILE_KINDS.indexOf(b.kind))
      .map((d) => ({
        id: d.id,
        kind: d.kind,
        contentType: d.contentType,
        size: d.size,
        url: documentUrl(d.id),
      })),
  };
}

export async function latestVerification(db: DbOrTx, userId: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.submittedAt))
    .limit(1);
  return row ?? null;
}

export async function findVerification(db: DbOrTx, id: string): Promise<VerificationRow | null> {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.id, id));
  return row ?? null;
}

export async function lockVerification(tx: Tx, id: string): Promise<VerificationRow | null> {
  const [row] = await tx.select().from(identityVerifications).where(eq(identityVerifications.id, id)).for('update');
  return row ?? null;
}

export async function findBySession(db: DbOrTx, sessionId: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.providerSessionId, sessionId));
  return row ?? null;
}

export function documentsOf(db: DbOrTx, verificationId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.verificationId, verificationId))
    .orderBy(asc(identityDocuments.createdAt), asc(identityDocuments.kind));
}

export async function findDocument(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ document: identityDocuments, ownerId: identityVerifications.userId })
    .from(identityDocuments)
    .innerJoin(identityVerifications, eq(identityVerifications.id, identityDocuments.verificationId))
    .where(eq(identityDocuments.id, id));
  return row ?? null;
}

/** The pending submissions, oldest first (the queue's order: first come, first reviewed). */
export function pendingQueue(db: DbOrTx) {
  return db
    .select({
      id: identityVerifications.id,
      userId: identityVerifications.userId,
      email: users.email,
      legalName: identityVerifications.legalName,
      documentType: identityVerifications.documentType,
      country: identityVerifications.country,
      submittedAt: identityVerifications.submittedAt,
      possibleSanctionsMatch: sql<boolean>`jsonb_array_length(${identityVerifications.sanctionsMatches}) > 0`,
    })
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .where(eq(identityVerifications.status, 'pending'))
    .orderBy(asc(identityVerifications.submittedAt))
    .limit(200);
}

export async function isIdentityReviewer(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: identityReviewers.userId })
    .from(identityReviewers)
    .where(eq(identityReviewers.userId, userId));
  return Boolean(row);
}

/** Every moderator and whether an admin allowed them to review identities. */
export async function moderatorReviewers(db: DbOrTx): Promise<TIdentityReviewerList['moderators']> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      allowed: sql<boolean>`${identityReviewers.userId} is not null`,
    })
    .from(users)
    .leftJoin(identityReviewers, eq(identityReviewers.userId, users.id))
    .where(and(eq(users.role, 'moderator')))
    .orderBy(asc(users.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.name || r.email,
    allowed: Boolean(r.allowed),
  }));
}
