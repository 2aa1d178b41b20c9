import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

/** The audit records about a subject, oldest first. */
export function auditOf(db: Db, type: string, id: string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, type), eq(auditEvents.subjectId, id)))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

/** How many audit records there are: a refused action must leave this as it was. */
export async function auditCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents);
  return Number(row!.n);
}

/**
 * From now on writing an audit record of `action` fails, as a full disk or a dropped connection would fail
 * it: the action whose transaction it belongs to must fail with it and leave nothing behind. Returns the
 * function that lets writes through again.
 */
export async function refuseAuditWrites(db: Db, action: string): Promise<() => Promise<void>> {
  if (!/^[a-z_.]+$/.test(action)) throw new Error(`not an action: ${action}`);
  const name = `refuse_audit_${randomBytes(4).toString('hex')}`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.action = '${action}' then raise exception 'the audit record could not be written (simulated)'; end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on audit_events for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on audit_events`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
