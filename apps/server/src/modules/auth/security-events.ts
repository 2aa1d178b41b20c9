import type { FastifyRequest } from 'fastify';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { SECURITY_EVENT_PREFIX, type TAuditAction, type TPageQuery, type TSecurityEvent } from '@holdfast/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { auditEvents, sessions } from '../../db/schema/index.js';
import { recordAudit, type AuditOrigin } from '../../lib/audit.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import { CLIENT_IP_HEADER } from './auth.js';
import { deviceLabel } from './device-label.js';

/** The security events of an account (its owner sees them on Security Settings). */
export type SecurityAction = Extract<TAuditAction, `account.${string}`>;

/** Where a request to our own routes came from, for its audit record: the proxy-aware address and the browser. */
export const originOfRequest = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Where a request handed to Better Auth came from: the address our own code set (authHeaders) and its browser. */
export function originOf(headers: Headers): AuditOrigin {
  return { ip: headers.get(CLIENT_IP_HEADER), userAgent: headers.get('user-agent') };
}

/**
 * Records a security event of the account: the owner is both who acted and the subject (a wrong second-factor
 * code is recorded against the account whose sign-in it was; its address says from where). Its time is the
 * database's, to the microsecond, so events a moment apart keep their order.
 */
export function recordSecurityEvent(
  tx: Tx,
  userId: string,
  action: SecurityAction,
  origin: AuditOrigin,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(tx, {
    actorId: userId,
    action,
    subject: { type: 'user', id: userId },
    origin,
    detail,
  });
}

/**
 * The same, in a database transaction of its own: for an event that no committed action carries (a wrong
 * second-factor code changes nothing but is worth knowing about).
 */
export function recordSecurityEventAlone(
  db: Db,
  userId: string,
  action: SecurityAction,
  origin: AuditOrigin,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return db.transaction((tx) => recordSecurityEvent(tx, userId, action, origin, detail));
}

/** Only the plain values of a record's detail reach its owner (ids of sessions, counts, a method). */
function scalarDetail(detail: Record<string, unknown>): TSecurityEvent['detail'] {
  const out: TSecurityEvent['detail'] = {};
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      out[key] = value as string | number | boolean | null;
    }
  }
  return out;
}

/**
 * One page of the account's security events, newest first by (created_at, id), from the subject index:
 * only rows whose subject is this account and whose action is a security event's.
 */
export async function listSecurityEvents(db: DbOrTx, userId: string, query: TPageQuery): Promise<Page<TSecurityEvent>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      at: auditEvents.createdAt,
      ipAddress: auditEvents.ipAddress,
      userAgent: auditEvents.userAgent,
      detail: auditEvents.detail,
      cursorAt: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectType, 'user'),
        eq(auditEvents.subjectId, userId),
        like(auditEvents.action, `${SECURITY_EVENT_PREFIX}%`),
        after
          ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.cursorAt, id: r.id }),
    (r) => ({
      id: r.id,
      action: r.action,
      at: r.at.toISOString(),
      ipAddress: r.ipAddress,
      device: r.userAgent ? deviceLabel(r.userAgent) : null,
      detail: scalarDetail(r.detail),
    }),
  );
}

/**
 * A sign-in, recorded once Better Auth has created its session (by the token it answered with). Better
 * Auth writes the session in a statement of its own, outside any transaction of ours, so this record
 * follows it at once (decision 025); if it cannot be written, the session is deleted before its cookie
 * reaches anyone, so no session is handed out unrecorded.
 */
export async function recordSignIn(
  db: Db,
  userId: string,
  token: string | null | undefined,
  origin: AuditOrigin,
  detail: Record<string, unknown> = {},
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [session] = token
        ? await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token))
        : [];
      await recordSecurityEvent(tx, userId, 'account.sign_in', origin, { sessionId: session?.id ?? null, ...detail });
    });
  } catch (error) {
    if (token) await db.delete(sessions).where(eq(sessions.token, token));
    throw error;
  }
}
