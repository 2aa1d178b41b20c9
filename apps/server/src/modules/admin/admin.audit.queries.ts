import { and, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAuditEvent, TPageQuery } from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema/index.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';
import { startsWithPattern } from '../../lib/search.js';
import { deviceLabel } from '../auth/index.js';

export interface AuditFilter {
  /** One action, or every action under it: `dispute` matches `dispute.resolve`, `dispute.assign`… */
  action?: string | undefined;
  /** The account that acted: its id, or its email. */
  actor?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  /** Inclusive start and exclusive end, as instants (a date alone is its midnight UTC). */
  from?: string | undefined;
  to?: string | undefined;
}

const actor = alias(users, 'actor');
const subjectUser = alias(users, 'subject_user');

const personName = (p: { firstName: string | null; lastName: string | null; name: string | null; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.name || p.email;

function conditions(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  const action = filter.action?.replace(/\.+$/, '');
  if (action) {
    where.push(or(eq(auditEvents.action, action), like(auditEvents.action, startsWithPattern(`${action}.`)))!);
  }
  if (filter.actor) {
    const who = filter.actor.trim();
    where.push(
      who.includes('@')
        ? inArray(
            auditEvents.actorUserId,
            sql`(select ${users.id} from ${users} where ${users.email} = ${who.toLowerCase()})`,
          )
        : eq(auditEvents.actorUserId, who),
    );
  }
  if (filter.subjectType) where.push(eq(auditEvents.subjectType, filter.subjectType));
  if (filter.subjectId) where.push(eq(auditEvents.subjectId, filter.subjectId));
  if (filter.from) where.push(gte(auditEvents.createdAt, new Date(filter.from)));
  if (filter.to) where.push(lt(auditEvents.createdAt, new Date(filter.to)));
  return where;
}

/**
 * One page of the audit trail, newest first by (created_at, id) after the cursor, with the actor and, for
 * an account, the subject's name.
 */
export async function listAuditEvents(db: DbOrTx, query: AuditFilter & TPageQuery): Promise<Page<TAuditEvent>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      event: auditEvents,
      actor: {
        id: actor.id,
        firstName: actor.firstName,
        lastName: actor.lastName,
        name: actor.name,
        email: actor.email,
        role: actor.role,
      },
      subject: {
        firstName: subjectUser.firstName,
        lastName: subjectUser.lastName,
        name: subjectUser.name,
        email: subjectUser.email,
      },
      cursorAt: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorUserId))
    .leftJoin(subjectUser, and(eq(auditEvents.subjectType, 'user'), eq(subjectUser.id, auditEvents.subjectId)))
    .where(
      and(
        ...conditions(query),
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
    (r) => ({ at: r.cursorAt, id: r.event.id }),
    ({ event, actor: a, subject }) => ({
      id: event.id,
      action: event.action,
      at: event.createdAt.toISOString(),
      actor: a?.id ? { id: a.id, name: personName(a), email: a.email, role: a.role } : null,
      subject: {
        type: event.subjectType,
        id: event.subjectId,
        name: subject?.email ? personName(subject) : null,
      },
      reason: event.reason,
      ipAddress: event.ipAddress,
      device: event.userAgent ? deviceLabel(event.userAgent) : null,
      detail: event.detail,
    }),
  );
}
