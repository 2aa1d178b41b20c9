import { z } from 'zod';
import { pageQuery } from './paging.js';

/**
 * The audit trail (issue 31): every staff action and every security event of an account, written in the
 * database transaction of the action itself, with who, when, what, the target and the reason. Actions are
 * `<subject>.<verb>`; these are the ones the product writes, each with what a person reads for it. An
 * action missing here (written by a newer version) is shown as its code.
 */
export const AUDIT_ACTION_LABELS = {
  'job.retry': 'Retried a failed job',
  'job.cancel': 'Cancelled a job',
  'dispute.assign': 'Took a dispute',
  'dispute.resolve': 'Decided a dispute',
  'dispute.propose': 'Proposed a decision for second review',
  'dispute.approve': 'Approved a decision (second review)',
  'dispute.send_back': 'Sent a decision back (second review)',
  'dispute.note': 'Added an internal note to a case',
  'dispute.evidence': 'Added a file to a case',
  'moderator_application.approve': 'Approved a moderator application',
  'moderator_application.reject': 'Rejected a moderator application',
  'user.create_moderator': 'Created a moderator account',
  'user.suspend': 'Suspended an account',
  'user.reactivate': 'Reactivated an account',
  'user.deactivate_moderator': 'Deactivated a moderator',
  'user.grant_identity_review': 'Allowed a moderator to review identity verifications',
  'user.revoke_identity_review': "Withdrew a moderator's identity review permission",
  'identity.approve': 'Verified an identity',
  'identity.reject': 'Rejected an identity verification',
  'identity.hold': "Held a provider's identity approval for review (possible sanctions match)",
  'support_chat.status': 'Changed the status of a support chat',
  'withdrawal.release': 'Released a held withdrawal',
  'withdrawal.reject': 'Rejected a held withdrawal (money back in the wallet)',
  'sanctions_list.import': 'Loaded a sanctions list',
  'account.sign_in': 'Signed in',
  'account.two_factor_failed': 'Wrong two-factor code entered',
  'account.password_change': 'Password changed',
  'account.password_reset': 'Password reset with an emailed link',
  'account.two_factor_enable': 'Two-factor authentication turned on',
  'account.two_factor_disable': 'Two-factor authentication turned off',
  'account.session_revoke': 'A session was signed out',
  'account.sessions_revoke_others': 'Signed out everywhere else',
  'account.accept_terms': 'Terms of Service accepted',
  'account.phone_verified': 'Phone number verified',
} as const;
export type TAuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** What a person reads for an action: its label, or the code itself for one this version does not know. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The security events of an account: its subject is the account, and its owner sees them. */
export const SECURITY_EVENT_PREFIX = 'account.';

/** The kinds of subject, for the admin's filter (a kind written by a newer version is filtered by its code). */
export const AUDIT_SUBJECT_LABELS: Record<string, string> = {
  user: 'Account',
  dispute: 'Dispute',
  moderator_application: 'Moderator application',
  job: 'Job',
  support_chat: 'Support chat',
  identity_verification: 'Identity verification',
  withdrawal: 'Withdrawal',
  sanctions_list: 'Sanctions list',
};

/** The groups of actions the admin's filter offers (the part before the dot). */
export const AUDIT_ACTION_GROUPS: Record<string, string> = {
  account: 'Security events of accounts',
  dispute: 'Disputes',
  moderator_application: 'Moderator applications',
  user: 'Accounts managed by staff',
  job: 'Background jobs',
  support_chat: 'Support chats',
  identity: 'Identity verifications',
  withdrawal: 'Withdrawals held for review',
  sanctions_list: 'Sanctions lists',
};

export const AUDIT_MESSAGES = {
  badRange: 'The start of the range must be before its end',
  badDate: 'Use a date (YYYY-MM-DD) or a date and time with its offset',
  badAction: 'An action is letters, underscores and dots, e.g. dispute or dispute.resolve',
} as const;

/** A date (midnight UTC) or a date and time with an offset, as an instant. */
const ZInstant = z
  .string()
  .trim()
  .refine((v) => z.iso.date().safeParse(v).success || z.iso.datetime({ offset: true }).safeParse(v).success, {
    error: AUDIT_MESSAGES.badDate,
  });

/**
 * GET /api/admin/audit: `action` is one action (`dispute.resolve`) or every action under a prefix
 * (`dispute`); `actor` an account's id or email; `from` inclusive, `to` exclusive.
 */
export const ZAuditQuery = pageQuery('auditEvents')
  .extend({
    action: z
      .string()
      .trim()
      .max(100)
      .regex(/^[a-z_.]*$/, AUDIT_MESSAGES.badAction)
      .optional(),
    actor: z.string().trim().max(254).optional(),
    subjectType: z
      .string()
      .trim()
      .max(50)
      .regex(/^[a-z_]*$/)
      .optional(),
    subjectId: z.string().trim().max(255).optional(),
    from: ZInstant.optional(),
    to: ZInstant.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    error: AUDIT_MESSAGES.badRange,
    path: ['to'],
  });
export type TAuditQuery = z.input<typeof ZAuditQuery>;

const ZAuditPerson = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() });

/** One record of the trail as an admin reads it. */
export const ZAuditEvent = z.object({
  id: z.string(),
  action: z.string(),
  at: z.string(),
  /** Who acted; null for the system itself, or when the account no longer exists. */
  actor: ZAuditPerson.nullable(),
  /** What it was done to; `name` for an account that still exists. */
  subject: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
  reason: z.string().nullable(),
  /** Where the request came from (security events): its address and a short label of its browser. */
  ipAddress: z.string().nullable(),
  device: z.string().nullable(),
  /** What the subject does not keep: its state before, the decision's amounts, the session it was about. */
  detail: z.record(z.string(), z.unknown()),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;
export const ZAuditEventList = z.array(ZAuditEvent);

/** GET /api/auth/security-events: the caller's own account's security events, newest first. */
export const ZSecurityEventsQuery = pageQuery('securityEvents');

const ZScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One security event of the caller's account: what, when, and from which device and address. */
export const ZSecurityEvent = z.object({
  id: z.string(),
  action: z.string(),
  at: z.string(),
  ipAddress: z.string().nullable(),
  device: z.string().nullable(),
  /** E.g. the two-factor method turned on, how many sessions ended, the device of a session signed out. */
  detail: z.record(z.string(), ZScalar),
});
export type TSecurityEvent = z.infer<typeof ZSecurityEvent>;
export const ZSecurityEventList = z.array(ZSecurityEvent);
