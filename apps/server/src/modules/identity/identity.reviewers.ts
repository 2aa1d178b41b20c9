import { eq } from 'drizzle-orm';
import { IDENTITY_MESSAGES as M, type TIdentityReviewerList } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { identityReviewers, users } from '../../db/schema/index.js';
import { recordAudit, type AuditOrigin } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { appError, notFound } from '../../lib/errors.js';
import { moderatorReviewers } from './identity.queries.js';

/**
 * Which moderators may review identity verifications: a permission an admin grants and revokes (admins
 * always have it). Each change is in the audit trail; setting what is already set changes nothing.
 */
export function createIdentityReviewersService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    list: async (): Promise<TIdentityReviewerList> => ({ moderators: await moderatorReviewers(db) }),

    async set(
      admin: SessionUser,
      userId: string,
      allowed: boolean,
      origin?: AuditOrigin,
    ): Promise<TIdentityReviewerList> {
      await db.transaction(async (tx) => {
        const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
        if (!target) throw notFound();
        if (target.role !== 'moderator') throw appError('NOT_A_MODERATOR', M.onlyModerators);
        const now = clock.now();
        const changed = allowed
          ? await tx
              .insert(identityReviewers)
              .values({ userId, grantedById: admin.id, grantedAt: now })
              .onConflictDoNothing()
              .returning({ userId: identityReviewers.userId })
          : await tx
              .delete(identityReviewers)
              .where(eq(identityReviewers.userId, userId))
              .returning({ userId: identityReviewers.userId });
        if (!changed.length) return;
        await recordAudit(tx, {
          actorId: admin.id,
          action: allowed ? 'user.grant_identity_review' : 'user.revoke_identity_review',
          subject: { type: 'user', id: userId },
          origin,
          at: now,
        });
      });
      return { moderators: await moderatorReviewers(db) };
    },
  };
}

export type IdentityReviewersService = ReturnType<typeof createIdentityReviewersService>;
