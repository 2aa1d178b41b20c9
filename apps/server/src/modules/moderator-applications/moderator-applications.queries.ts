import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TModerator, TModeratorApplication } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { moderatorApplications, users } from '../../db/schema/index.js';

export type ApplicationRow = typeof moderatorApplications.$inferSelect;
type UserRow = typeof users.$inferSelect;

const reviewers = alias(users, 'reviewers');

/** An application with its reviewer's name, as administrators see it. */
function toApplication(
  row: ApplicationRow,
  reviewer: { id: string; firstName: string | null; lastName: string | null } | null,
): TModeratorApplication {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    experience: row.experience,
    motivation: row.motivation,
    availability: row.availability,
    languages: row.languages,
    status: row.status,
    reviewNotes: row.reviewNotes,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: reviewer?.id ? reviewer : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const selectWithReviewer = (db: DbOrTx) =>
  db
    .select({
      application: moderatorApplications,
      reviewer: { id: reviewers.id, firstName: reviewers.firstName, lastName: reviewers.lastName },
    })
    .from(moderatorApplications)
    .leftJoin(reviewers, eq(reviewers.id, moderatorApplications.reviewedById));

/** Every application whose address was confirmed, newest first. */
export async function listApplications(db: DbOrTx): Promise<TModeratorApplication[]> {
  const rows = await selectWithReviewer(db)
    .where(isNotNull(moderatorApplications.confirmedAt))
    .orderBy(desc(moderatorApplications.createdAt), desc(moderatorApplications.id));
  return rows.map((r) => toApplication(r.application, r.reviewer));
}

export async function findApplicationView(db: DbOrTx, id: string): Promise<TModeratorApplication | undefined> {
  const [row] = await selectWithReviewer(db).where(eq(moderatorApplications.id, id));
  return row && toApplication(row.application, row.reviewer);
}

/** The confirmed application row, locked until the end of the database transaction. */
export async function lockApplication(tx: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(moderatorApplications)
    .where(and(eq(moderatorApplications.id, id), isNotNull(moderatorApplications.confirmedAt)))
    .for('update');
  return row;
}

/** The application waiting for the confirmation token with this hash, locked; none when used or unknown. */
export async function lockUnconfirmedApplication(tx: DbOrTx, tokenHash: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(moderatorApplications)
    .where(eq(moderatorApplications.confirmationTokenHash, tokenHash))
    .for('update');
  return row;
}

/**
 * Serializes applications for one address until the end of the database transaction, so two racing
 * submissions cannot both find "nothing pending" (there is no unique index on pending rows).
 */
export async function lockApplicantEmail(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`moderator-application:${email}`}))`);
}

/**
 * A confirmed application for the address is waiting for review. An unconfirmed one does not count: anyone
 * can type somebody's address, and that must not keep its owner from applying.
 */
export async function hasPendingApplication(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: moderatorApplications.id })
    .from(moderatorApplications)
    .where(
      and(
        sql`lower(${moderatorApplications.email}) = ${email}`,
        eq(moderatorApplications.status, 'pending'),
        isNotNull(moderatorApplications.confirmedAt),
      ),
    )
    .limit(1);
  return !!row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Accounts with the moderator role, newest first. */
export async function listModerators(db: DbOrTx): Promise<TModerator[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.role, 'moderator'))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toModerator);
}

export function toModerator(row: UserRow): TModerator {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
    mustChangePassword: row.mustChangePassword,
  };
}
