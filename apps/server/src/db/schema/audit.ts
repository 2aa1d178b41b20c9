import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Who did what to what, when and why: the platform's audit trail (written by `recordAudit` in lib/audit.ts,
 * in the database transaction of the action itself). Append-only: a trigger (migration 0033) refuses every
 * UPDATE and DELETE but the foreign key's own `set null`, so the actor's account can still be deleted.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was done, `<subject>.<verb>`, e.g. `job.retry`, `dispute.resolve`, `account.sign_in`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Why, in the actor's words (a decision's notes, a rejection's reason); null when none was asked. */
    reason: text('reason'),
    /** Where the request came from, for the security events of an account (sign-in, password, sessions). */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    // The admin's list, newest first, and its filter by who acted.
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);
