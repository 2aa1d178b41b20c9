import { and, desc, eq, gt, gte, ne } from 'drizzle-orm';
import { ACCOUNT_SECURITY_MESSAGES as M, type TAccountSession, type TPageQuery } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import type { AuditOrigin } from '../../lib/audit.js';
import { notFound, unauthenticated } from '../../lib/errors.js';
import { publishSessionsEnded, type PubSub } from '../../realtime/index.js';
import type { Auth } from './auth.js';
import { deviceLabel } from './device-label.js';
import { listSecurityEvents, recordSecurityEvent } from './security-events.js';
import { sessionIdleRule } from './session-activity.js';
import { verifySignedToken } from './session-lookup.js';

export interface AccountSessionsDeps {
  db: Db;
  auth: Auth;
  /** The idle rule's setting (SESSION_IDLE_TIMEOUT_SECONDS): an idle session is over and not listed. */
  idleTimeoutMs: number;
  /** Where ended sessions are announced, so their sockets close on every instance. */
  pubsub: PubSub;
}

/** More live sessions than anyone has; the list stays bounded whatever a script does. */
const MAX_LISTED = 100;

/**
 * "Users can see and revoke their sessions" (DESIGN section 5). Every query is scoped to the caller's
 * own user id, so another person's session is never listed, and revoking it answers exactly as an
 * unknown id does. Revocation deletes the row; the request hook looks the session up in the database on
 * every request, so the revoked browser is signed out on its next request.
 */
export function createAccountSessionsService({ db, auth, idleTimeoutMs, pubsub }: AccountSessionsDeps) {
  const rule = sessionIdleRule(idleTimeoutMs);

  /** A session not past its lifetime nor idle at `now` (the idle rule, session-activity.ts: older and the next request would end it). */
  const live = (now: number) =>
    and(
      gt(sessions.expiresAt, new Date(now)),
      gte(sessions.lastActiveAt, new Date(now - idleTimeoutMs - rule.touchEveryMs)),
    );

  /** The session cookie's name as Better Auth sets it (`__Secure-` prefixed in production). */
  async function sessionCookieName(): Promise<string> {
    return (await auth.$context).authCookies.sessionToken.name;
  }

  /** The id of the caller's own session behind the request's cookies (null when there is none). */
  async function currentSessionId(userId: string, cookies: Record<string, string | undefined>): Promise<string | null> {
    const ctx = await auth.$context;
    const value = cookies[ctx.authCookies.sessionToken.name];
    const token = value ? verifySignedToken(value, ctx.secret) : null;
    if (!token) return null;
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.token, token), eq(sessions.userId, userId)));
    return row?.id ?? null;
  }

  /** The live sessions: not past their lifetime and not idle; the current one first, then by last use. */
  async function list(userId: string, currentId: string | null): Promise<TAccountSession[]> {
    const now = Date.now();
    const rows = await db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.lastActiveAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), live(now)))
      .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt))
      .limit(MAX_LISTED);
    return rows
      .map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        ipAddress: row.ipAddress || null,
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: row.lastActiveAt.toISOString(),
        current: row.id === currentId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /** Whether the session is still on: not ended, past its lifetime, or idle (as the request hook judges). */
  async function isLive(sessionId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), live(Date.now())));
    return !!row;
  }

  /** Ends one of the caller's sessions (its sockets close); any other id (unknown, another person's) is a 404. */
  async function revoke(userId: string, sessionId: string, origin: AuditOrigin): Promise<void> {
    await db.transaction(async (tx) => {
      const [ended] = await tx
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress });
      if (!ended) throw notFound(M.sessions.notFound);
      await recordSecurityEvent(tx, userId, 'account.session_revoke', origin, {
        sessionId,
        sessionDevice: deviceLabel(ended.userAgent),
        sessionIpAddress: ended.ipAddress || null,
      });
    });
    await publishSessionsEnded(pubsub, userId, [sessionId]);
  }

  /** Signs the caller out everywhere but here (those sockets close); returns how many sessions ended. */
  async function revokeOthers(userId: string, currentId: string | null, origin: AuditOrigin): Promise<number> {
    // Without the current session we could not tell "others" apart; never sign the caller out by mistake.
    if (!currentId) throw unauthenticated();
    const deleted = await db.transaction(async (tx) => {
      const ended = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
        .returning({ id: sessions.id });
      await recordSecurityEvent(tx, userId, 'account.sessions_revoke_others', origin, { sessionsEnded: ended.length });
      return ended;
    });
    await publishSessionsEnded(
      pubsub,
      userId,
      deleted.map((d) => d.id),
    );
    return deleted.length;
  }

  return {
    sessionCookieName,
    currentSessionId,
    isLive,
    list,
    revoke,
    revokeOthers,
    /** The account's own security events, newest first (GET /api/auth/security-events). */
    securityEvents: (userId: string, query: TPageQuery) => listSecurityEvents(db, userId, query),
  };
}

export type AccountSessionsService = ReturnType<typeof createAccountSessionsService>;
