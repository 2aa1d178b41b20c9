import { and, asc, count, eq } from 'drizzle-orm';
import type { TCaseAuthor, TDisputeEvidence, TDisputeStatement } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { disputeEvidence, disputeStatements, users } from '../../db/schema/index.js';
import { isUuid } from '../../lib/uuid.js';

export type EvidenceRow = typeof disputeEvidence.$inferSelect;
export type StatementRow = typeof disputeStatements.$inferSelect;

/** Where the parties and staff of the case read a file (behind their session; both ids random). */
export const evidenceUrl = (disputeId: string, evidenceId: string) =>
  `/api/disputes/${disputeId}/evidence/${evidenceId}`;

/** A person as the case shows them: their name, never their email address. */
const authorName = (u: { firstName: string | null; lastName: string | null; name: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.name || 'Unknown';

const authorColumns = { firstName: users.firstName, lastName: users.lastName, name: users.name };

export function evidenceView(row: EvidenceRow, author: TCaseAuthor): TDisputeEvidence {
  return {
    id: row.id,
    disputeId: row.disputeId,
    author,
    fileName: row.fileName,
    caption: row.caption,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    url: evidenceUrl(row.disputeId, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

export function statementView(row: StatementRow, author: TCaseAuthor): TDisputeStatement {
  return {
    id: row.id,
    disputeId: row.disputeId,
    author,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEvidence(db: DbOrTx, disputeId: string): Promise<TDisputeEvidence[]> {
  const rows = await db
    .select({ e: disputeEvidence, u: authorColumns })
    .from(disputeEvidence)
    .innerJoin(users, eq(users.id, disputeEvidence.uploaderId))
    .where(eq(disputeEvidence.disputeId, disputeId))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
  return rows.map((r) => evidenceView(r.e, { role: r.e.uploaderRole, name: authorName(r.u) }));
}

export async function listStatements(db: DbOrTx, disputeId: string): Promise<TDisputeStatement[]> {
  const rows = await db
    .select({ s: disputeStatements, u: authorColumns })
    .from(disputeStatements)
    .innerJoin(users, eq(users.id, disputeStatements.authorId))
    .where(eq(disputeStatements.disputeId, disputeId))
    .orderBy(asc(disputeStatements.createdAt), asc(disputeStatements.id));
  return rows.map((r) => statementView(r.s, { role: r.s.authorRole, name: authorName(r.u) }));
}

/** The case's statements and evidence, each oldest first (the case file joins them with the rest). */
export async function listCaseSubmissions(
  db: DbOrTx,
  disputeId: string,
): Promise<{ statements: TDisputeStatement[]; evidence: TDisputeEvidence[] }> {
  const [statements, evidence] = await Promise.all([listStatements(db, disputeId), listEvidence(db, disputeId)]);
  return { statements, evidence };
}

/** One file of one dispute: another dispute's id pair finds nothing. */
export async function findEvidence(db: DbOrTx, disputeId: string, evidenceId: string): Promise<EvidenceRow | null> {
  if (!isUuid(evidenceId)) return null;
  const [row] = await db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputeEvidence.disputeId, disputeId)));
  return row ?? null;
}

/** Files one side of the case has added (the per-side limit). */
export async function countEvidenceBy(db: DbOrTx, disputeId: string, role: EvidenceRow['uploaderRole']) {
  const [row] = await db
    .select({ n: count() })
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.uploaderRole, role)));
  return row?.n ?? 0;
}

export async function authorOf(db: DbOrTx, userId: string, role: TCaseAuthor['role']): Promise<TCaseAuthor> {
  const [u] = await db.select(authorColumns).from(users).where(eq(users.id, userId));
  return { role, name: u ? authorName(u) : 'Unknown' };
}
