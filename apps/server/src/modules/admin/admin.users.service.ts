import { eq } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES as M,
  type TAdminUserActionRequest,
  type TAdminUserDetail,
  type TAdminUserList,
} from '@holdfast/contracts';
import type { Db, Tx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { appError, notFound } from '../../lib/errors.js';
import { publishSessionsEnded, type PubSub } from '../../realtime/index.js';
import type { AccountSessionsService } from '../auth/index.js';
import { returnCasesToQueue, type DisputeClocks, type RequeueReason } from '../disputes/index.js';
import { findUser, lockUser, searchUsers, userFacts, userSummary, type UserRow } from './admin.users.queries.js';

export interface AdminUsersDeps {
  db: Db;
  clock: Clock;
  /** Where ended sessions are announced: the account's sockets close on every instance. */
  pubsub: PubSub;
  /** The live sessions an account page lists (the accounts module's own rule of what is live). */
  sessions: Pick<AccountSessionsService, 'list'>;
  /** A returned case gets a fresh assignment deadline (DISPUTE_ASSIGN_HOURS). */
  clocks: DisputeClocks;
}

type Action = 'suspend' | 'reactivate' | 'deactivate-moderator';

/**
 * The admin area's Users: search, an account's page, and the three changes an admin makes to an account.
 * Each change locks the account's row, checks it, changes it and records who did it and why in the audit
 * trail, in one database transaction; a refused change writes nothing.
 */
export function createAdminUsersService({ db, clock, pubsub, sessions: liveSessions, clocks }: AdminUsersDeps) {
  async function detail(id: string): Promise<TAdminUserDetail> {
    const row = await findUser(db, id);
    if (!row) throw notFound(M.notFound);
    const [facts, live] = await Promise.all([userFacts(db, id), liveSessions.list(id, null)]);
    return {
      user: {
        ...userSummary(row),
        phoneNumber: row.phoneNumber,
        phoneVerified: row.phoneVerified,
        kycStatus: row.kycStatus,
        twoFactorEnabled: row.twoFactorEnabled,
      },
      ...facts,
      sessions: live.map(({ current: _current, ...s }) => s),
    };
  }

  /** Signs the account out everywhere: its sessions are deleted in `tx`; their sockets close after the commit. */
  async function endSessions(tx: Tx, userId: string): Promise<number> {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return ended.length;
  }

  async function change(
    admin: SessionUser,
    id: string,
    action: Action,
    reason: string,
    apply: (tx: Tx, row: UserRow, now: Date) => Promise<{ signedOut: boolean; detail: Record<string, unknown> }>,
  ): Promise<void> {
    const now = clock.now();
    const { signedOut } = await db.transaction(async (tx) => {
      const row = await lockUser(tx, id);
      if (!row) throw notFound(M.notFound);
      const done = await apply(tx, row, now);
      await recordAudit(tx, {
        actorId: admin.id,
        action: `user.${action.replaceAll('-', '_')}`,
        subject: { type: 'user', id },
        reason,
        detail: done.detail,
        at: now,
      });
      return done;
    });
    // After the commit: every instance closes the account's open sockets (/ws and /ws/support).
    if (signedOut) await publishSessionsEnded(pubsub, id, null);
  }

  /** The moderator's cases in review go back to the queue (see returnCasesToQueue). */
  const requeue = (tx: Tx, admin: SessionUser, row: UserRow, why: RequeueReason, now: Date) =>
    row.role === 'moderator'
      ? returnCasesToQueue(tx, { moderatorId: row.id, why, actorId: admin.id, now, clocks })
      : Promise.resolve([]);

  /**
   * Suspends the account: it is signed out everywhere at once, cannot sign in, and its cookie is refused
   * (session-lookup.ts). Its money and deals stay exactly as they are: the ledger is not touched, timers
   * run on, and moderators still decide its disputes. A suspended moderator's cases go back to the queue.
   * Never the admin's own account nor another admin's (refused, with a message saying why).
   */
  async function suspend(admin: SessionUser, id: string, input: TAdminUserActionRequest) {
    const reason = input.reason.trim();
    await change(admin, id, 'suspend', reason, async (tx, row, now) => {
      if (row.id === admin.id) throw appError('CANNOT_SUSPEND_SELF', M.cannotSuspendSelf);
      if (row.role === 'admin') throw appError('CANNOT_SUSPEND_ADMIN', M.cannotSuspendAdmin);
      if (row.suspendedAt) throw appError('ALREADY_SUSPENDED', M.alreadySuspended);
      await tx
        .update(users)
        .set({ suspendedAt: now, suspendedReason: reason, updatedAt: now })
        .where(eq(users.id, row.id));
      const casesReturned = await requeue(tx, admin, row, 'moderator_suspended', now);
      return { signedOut: true, detail: { sessionsEnded: await endSessions(tx, row.id), casesReturned } };
    });
    return detail(id);
  }

  /** Lifts a suspension: the account may sign in again (nothing else changed while it was suspended). */
  async function reactivate(admin: SessionUser, id: string, input: TAdminUserActionRequest) {
    const reason = input.reason.trim();
    await change(admin, id, 'reactivate', reason, async (tx, row, now) => {
      if (!row.suspendedAt) throw appError('NOT_SUSPENDED', M.notSuspended);
      await tx
        .update(users)
        .set({ suspendedAt: null, suspendedReason: null, updatedAt: now })
        .where(eq(users.id, row.id));
      return {
        signedOut: false,
        detail: { suspendedAt: row.suspendedAt.toISOString(), suspendedReason: row.suspendedReason },
      };
    });
    return detail(id);
  }

  /**
   * Ends a moderator's powers by taking the role itself away: the account becomes a plain buyer account,
   * as it was before it was appointed (keeping a separate "deactivated" flag would mean every one of the
   * many role checks, on the server and the web, learning to read it too). Its cases in review go back to
   * the queue, and it is signed out everywhere: its staff sockets (the staff channel, support chats it
   * joined as staff) close, and it signs in again as the plain account it now is. Its own deals, money and
   * history stay; the audit trail keeps that it was a moderator. An approved application does not make it
   * a moderator again (promotion happens only when an application is approved or an address verified).
   */
  async function deactivateModerator(admin: SessionUser, id: string, input: TAdminUserActionRequest) {
    const reason = input.reason.trim();
    await change(admin, id, 'deactivate-moderator', reason, async (tx, row, now) => {
      if (row.role !== 'moderator') throw appError('NOT_A_MODERATOR', M.notModerator);
      await tx.update(users).set({ role: 'buyer', updatedAt: now }).where(eq(users.id, row.id));
      const casesReturned = await requeue(tx, admin, row, 'moderator_deactivated', now);
      const sessionsEnded = await endSessions(tx, row.id);
      return { signedOut: true, detail: { previousRole: row.role, casesReturned, sessionsEnded } };
    });
    return detail(id);
  }

  return {
    search: (query: { q: string; page: number }): Promise<TAdminUserList> => searchUsers(db, query.q, query.page),
    detail,
    suspend,
    reactivate,
    deactivateModerator,
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
