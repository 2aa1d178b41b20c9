import type { Tx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

/**
 * The subjects the audit trail knows; a new kind of subject is added here. `user` is an account: the
 * subject of its own security events (`account.*`) and of what staff do to it.
 */
export type AuditSubjectType =
  | 'job'
  | 'dispute'
  | 'moderator_application'
  | 'user'
  | 'support_chat'
  | 'identity_verification'
  | 'withdrawal'
  | 'sanctions_list';

/** Where a request came from: the client's address (proxy-aware, Fastify's request.ip) and browser. */
export interface AuditOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditEvent {
  /** The account that acted; null for the system itself. */
  actorId: string | null;
  /** `<subject>.<verb>`, e.g. `job.retry`; the known ones are AUDIT_ACTIONS in the contracts. */
  action: string;
  subject: { type: AuditSubjectType; id: string };
  /** Why, in the actor's words (a decision's notes, the reason a suspension or rejection asks for). */
  reason?: string | null;
  /** Where the request came from: kept for an account's security events. */
  origin?: AuditOrigin;
  /** What someone looking back needs to know that the subject will not keep (its state before, say). */
  detail?: Record<string, unknown>;
  /** The action's time by the product's clock; without it, the database's (its transaction's start, to the microsecond). */
  at?: Date;
}

/** Longer texts are cut: a browser's user agent is not a place to store a megabyte. */
const USER_AGENT_MAX = 512;

/**
 * Records who did what, in the database transaction of the action itself: the record exists exactly when
 * the action committed. The one way to write `audit_events` (append-only: a trigger refuses changes).
 */
export async function recordAudit(tx: Tx, event: AuditEvent): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: event.actorId,
    action: event.action,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    reason: event.reason?.trim() || null,
    ipAddress: event.origin?.ip || null,
    userAgent: event.origin?.userAgent?.slice(0, USER_AGENT_MAX) || null,
    detail: event.detail ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  });
}
