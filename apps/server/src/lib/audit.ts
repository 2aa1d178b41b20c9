import type { Tx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

/** The subjects the audit trail knows; a new kind of subject is added here. */
export type AuditSubjectType = 'job' | 'user';

export interface AuditEvent {
  /** The account that acted; null for the system itself. */
  actorId: string | null;
  /** `<subject>.<verb>`, e.g. `job.retry`. */
  action: string;
  subject: { type: AuditSubjectType; id: string };
  /** What someone looking back needs to know that the subject will not keep (its state before, say). */
  detail?: Record<string, unknown>;
  at: Date;
}

/**
 * Records who did what, in the database transaction of the action itself: the record exists exactly when
 * the action committed. The one way to write `audit_events`.
 */
export async function recordAudit(tx: Tx, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: event.actorId,
    action: event.action,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    detail: event.detail ?? {},
    createdAt: event.at,
  });
}
