import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { moderatorApplications, users } from '../../db/schema/index.js';

/**
 * Makes a buyer or seller a moderator when its address is verified and an application with that address
 * was approved. Never an unverified account (anybody can register an address they do not own), never an
 * admin (no demotion). Returns whether the account was promoted.
 */
export async function promoteApprovedApplicant(db: DbOrTx, userId: string): Promise<boolean> {
  const promoted = await db
    .update(users)
    .set({ role: 'moderator', updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        eq(users.emailVerified, true),
        inArray(users.role, ['buyer', 'seller']),
        sql`exists (select 1 from ${moderatorApplications}
                    where lower(${moderatorApplications.email}) = lower(${users.email})
                      and ${moderatorApplications.status} = 'approved')`,
      ),
    )
    .returning({ id: users.id });
  return promoted.length > 0;
}
