/**
 * The contracts' plain values and helpers, without Zod: money, currencies and the fee, error codes,
 * the texts the product shows. `@holdfast/contracts/constants` is for code where Zod would be dead
 * weight (the web's signed-out pages and its API client); the main entry re-exports all of it, and the
 * schema files import from here: each constant has this one home.
 */
import type { TRole } from './auth.js';
import { MESSAGES } from './messages.js';
import { LEGAL_MESSAGES } from './legal-constants.js';

export * from './money.js';
export * from './messages.js';
export * from './text.js';
export * from './dispute-constants.js';
export * from './review-constants.js';
export * from './dispute-evidence-constants.js';
export * from './dispute-partial.js';
export * from './legal-constants.js';
export * from './identity-constants.js';
export * from './verification-tiers.js';
export * from './transaction-list-constants.js';

/**
 * Stable error codes a client can branch on, each with the HTTP status it travels with and what it
 * means. `message` is for people and may change; `code` does not. The one list: the server throws by
 * code (its status comes from here), the OpenAPI document describes every code, the web branches on it.
 */
export const ERROR_CODE_INFO = {
  VALIDATION: { status: 400, meaning: 'A field or the body is invalid; `fields` names the fields' },
  WEAK_PASSWORD: { status: 400, meaning: 'Registration: the password is too easy to guess (`fields.password`)' },
  UNAUTHENTICATED: { status: 401, meaning: 'No valid session: sign in' },
  SESSION_EXPIRED: {
    status: 401,
    meaning: 'The session ended (inactivity, maximum lifetime or signed out elsewhere): sign in again',
  },
  ACCOUNT_NOT_FOUND: { status: 401, meaning: 'Sign-in: no account has this email address' },
  WRONG_PASSWORD: { status: 401, meaning: 'Sign-in: the password is not correct' },
  FORBIDDEN: { status: 403, meaning: 'Signed in, but this caller may not do this' },
  EMAIL_NOT_VERIFIED: { status: 403, meaning: 'The caller must verify their email address first' },
  CROSS_ORIGIN: { status: 403, meaning: 'A state-changing call from an origin that is not trusted' },
  NOT_FOUND: { status: 404, meaning: 'No such resource, or the caller may not know it exists' },
  EMAIL_IN_USE: { status: 409, meaning: 'Registration: an account with this email already exists' },
  ALREADY_ACCEPTED: { status: 409, meaning: 'The transaction has already been accepted' },
  ALREADY_COMPLETED: { status: 409, meaning: 'The transaction has already been completed' },
  ALREADY_CANCELLED: { status: 409, meaning: 'The transaction has been cancelled' },
  UNDER_DISPUTE: { status: 409, meaning: 'The transaction is under dispute; its money stays in escrow' },
  NOT_ACTIVE: { status: 409, meaning: 'The seller has not accepted the transaction yet' },
  NOT_FUNDED: { status: 409, meaning: 'The transaction has not been funded yet' },
  ALREADY_FUNDED: { status: 409, meaning: 'The transaction has already been funded' },
  NOT_DELIVERABLE: { status: 409, meaning: 'Only an accepted, funded transaction can be marked delivered' },
  ALREADY_DELIVERED: { status: 409, meaning: 'The transaction has already been marked delivered' },
  LATE_CANCEL_NOT_YET: {
    status: 409,
    meaning:
      'An accepted, funded transaction can be cancelled by the buyer only once delivery is late (lateCancelFrom)',
  },
  PAID_IN_STAGES: {
    status: 409,
    meaning: 'The deal is paid in stages: fund, deliver and confirm each milestone (its own routes)',
  },
  NOT_STAGED: { status: 409, meaning: 'The transaction is not paid in stages: it has no milestones' },
  MILESTONE_ENDED: { status: 409, meaning: 'The milestone was already released, refunded or cancelled' },
  MILESTONE_NOT_DELIVERED: { status: 409, meaning: 'The seller has not marked the milestone delivered yet' },
  NOTHING_TO_CANCEL: {
    status: 409,
    meaning: 'A deal paid in stages has no stage left to cancel: every milestone is delivered, disputed or ended',
  },
  SELLER_MISSING: { status: 409, meaning: 'No verified account holds the seller email' },
  NOT_DISPUTABLE: { status: 409, meaning: 'Only a funded transaction that is pending or active can be disputed' },
  DISPUTE_NOT_OPEN: { status: 409, meaning: 'The dispute is no longer open (a moderator has taken it)' },
  DISPUTE_RESOLVED: { status: 409, meaning: 'The dispute has already been resolved; resolution is final' },
  DISPUTE_AWAITING_REVIEW: {
    status: 409,
    meaning: 'A decision on this dispute waits for a second review (approve or send back) before anything else',
  },
  NO_PROPOSAL: { status: 409, meaning: 'No decision on this dispute waits for a second review' },
  NOT_COMPLETED: { status: 409, meaning: 'Reviews open once the transaction is completed' },
  NOT_FINISHED: {
    status: 409,
    meaning: 'A receipt exists once the deal is finished (completed, refunded or split) and money moved',
  },
  ALREADY_REVIEWED: { status: 409, meaning: 'The caller has already reviewed this transaction' },
  OFFER_CLOSED: { status: 409, meaning: 'The settlement offer was answered, replaced or closed' },
  INSUFFICIENT_FUNDS: { status: 409, meaning: 'The wallet balance does not cover the amount' },
  PAYMENT_CANCELED: { status: 409, meaning: 'The card payment was canceled; start a new one' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, meaning: 'A request with this Idempotency-Key is still running' },
  PAYMENT_FAILED: { status: 402, meaning: 'The card was declined or could not be charged' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The request body is larger than the server accepts' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    meaning: 'This Idempotency-Key was used before with another method, path or body',
  },
  INVALID_CURSOR: {
    status: 400,
    meaning:
      'A list was asked to continue from a cursor it did not issue (malformed or altered): start again without it',
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    meaning: 'Password reset: the link is unknown, expired or already used; request a new one',
  },
  SELLER_JOINED: {
    status: 409,
    meaning: 'The seller already holds a verified account: there is no invitation to send again',
  },
  RATE_LIMITED: { status: 429, meaning: 'Too many requests or attempts: wait, then try again' },
  INTERNAL: { status: 500, meaning: 'An unexpected failure on our side; nothing was changed' },
  PROVIDER_UNAVAILABLE: { status: 502, meaning: 'The payment provider could not be reached; try again' },
  SERVICE_UNAVAILABLE: { status: 503, meaning: 'A part of the service is down; try again shortly' },
  TERMS_ACCEPTANCE_REQUIRED: {
    status: 403,
    meaning: 'The current Terms of Service are not accepted yet: POST /api/auth/accept-terms first',
  },
  TERMS_VERSION_CHANGED: {
    status: 409,
    meaning: 'The Terms of Service accepted are not the current version: read the current one and accept it',
  },
  PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    meaning: 'The account signed in with a temporary password: POST /api/auth/change-password first',
  },
  INVALID_TWO_FACTOR_CODE: { status: 400, meaning: 'Two-factor: the code (app, SMS or backup) is not correct' },
  TWO_FACTOR_CODE_USED: {
    status: 400,
    meaning: 'Two-factor: this authenticator code was accepted before; wait for the next',
  },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    status: 401,
    meaning: 'Two-factor sign-in: the password step is missing or expired; sign in again',
  },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, meaning: 'Two-factor authentication is already on' },
  TWO_FACTOR_NOT_ENABLED: { status: 409, meaning: 'Two-factor authentication is not on' },
  TWO_FACTOR_SETUP_MISSING: {
    status: 409,
    meaning: 'No two-factor setup is under way: start with setup/app or setup/sms',
  },
  STAFF_TWO_FACTOR_REQUIRED: {
    status: 403,
    meaning: 'Moderators and admins must turn on two-factor authentication (Security Settings) first',
  },
  SMS_UNAVAILABLE: { status: 502, meaning: 'The text message could not be sent; try again' },
  APPLICATION_PENDING: { status: 409, meaning: 'A moderator application with this email is already pending' },
  APPLICATION_REVIEWED: { status: 409, meaning: 'The moderator application has already been reviewed' },
  INVALID_SLUG: {
    status: 400,
    meaning: 'Profile URL: 3-50 lowercase letters, digits and hyphens, not starting or ending with a hyphen',
  },
  SLUG_TAKEN: { status: 409, meaning: 'Profile URL: another account already uses this slug' },
  INVALID_FILE_TYPE: { status: 400, meaning: 'Profile picture: the content is not a JPG, PNG, GIF or WebP image' },
  FILE_TOO_LARGE: { status: 413, meaning: 'Profile picture: the file is larger than 5 MB' },
  INVALID_UPLOAD: { status: 400, meaning: 'Upload: the multipart body cannot be read (boundary, truncated)' },
  EVIDENCE_TYPE_NOT_ALLOWED: {
    status: 400,
    meaning: 'Dispute evidence: the content is not a JPEG, PNG, WebP or HEIC image or a PDF (decided from the bytes)',
  },
  EVIDENCE_EMPTY: { status: 400, meaning: 'Dispute evidence: the file is empty (0 bytes)' },
  EVIDENCE_TOO_LARGE: { status: 413, meaning: 'Dispute evidence: the file is larger than 10 MB' },
  EVIDENCE_LIMIT_REACHED: {
    status: 409,
    meaning: 'Dispute evidence: this side of the case has already added the most files it may (20)',
  },
  SUPPORT_CHAT_CLOSED: { status: 409, meaning: 'Support: the chat is closed and takes no new messages' },
  JOB_NOT_RETRYABLE: { status: 409, meaning: 'Admin: only a failed job can be retried' },
  WITHDRAWAL_NOT_HELD: {
    status: 409,
    meaning: 'Admin: the withdrawal is not held for review (it was released or rejected already, or never held)',
  },
  JOB_NOT_CANCELLABLE: {
    status: 409,
    meaning: 'Admin: only a failed job, or a queued one that is not running, can be cancelled',
  },
  SUPPORT_STATUS_NOT_FORWARD: {
    status: 409,
    meaning: 'Support: a chat status only moves forward (open → in_progress → resolved → closed)',
  },
  ACCOUNT_SUSPENDED: {
    status: 401,
    meaning: 'The account is suspended by an administrator: it cannot sign in, and its sessions are refused',
  },
  CANNOT_SUSPEND_SELF: { status: 403, meaning: 'Admin: an administrator cannot suspend their own account' },
  CANNOT_SUSPEND_ADMIN: {
    status: 403,
    meaning: 'Admin: administrator accounts are not suspended from the admin area (the operator manages them)',
  },
  ALREADY_SUSPENDED: { status: 409, meaning: 'Admin: the account is already suspended' },
  NOT_SUSPENDED: { status: 409, meaning: 'Admin: the account is not suspended, so it cannot be reactivated' },
  NOT_A_MODERATOR: { status: 409, meaning: 'Admin: only a moderator account can be deactivated as a moderator' },
  IDENTITY_PENDING: {
    status: 409,
    meaning: 'Identity verification: a submission is already waiting for review; submit again once it is decided',
  },
  IDENTITY_ALREADY_VERIFIED: { status: 409, meaning: 'Identity verification: the identity is already verified' },
  IDENTITY_NOT_PENDING: { status: 409, meaning: 'Identity verification: the submission has already been decided' },
  IDENTITY_FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    meaning:
      'Identity verification: a file is not what it must be, decided from its bytes (document: JPEG, PNG, WebP or PDF; selfie: JPEG, PNG or WebP), or does not decode; `fields` names it',
  },
  IDENTITY_FILE_TOO_LARGE: { status: 413, meaning: 'Identity verification: a file is larger than 10 MB' },
  CANNOT_REVIEW_OWN: { status: 403, meaning: 'Identity verification: nobody reviews their own submission' },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    meaning: 'Webhook: the signature is missing, does not match, or its timestamp is outside the replay window',
  },
  VERIFICATION_REQUIRED: {
    status: 403,
    meaning:
      "The account's verification tier does not allow this amount (transaction limit, no withdrawals yet, or the monthly withdrawal limit): `requiredTier` names the tier that would; GET /api/verification/status says how to reach it",
  },
  PHONE_NUMBER_TAKEN: { status: 409, meaning: 'Phone verification: another account has already verified this number' },
  PHONE_ALREADY_VERIFIED: {
    status: 409,
    meaning: 'Phone verification: this number is already verified on the account',
  },
  PHONE_USED_FOR_TWO_FACTOR: {
    status: 409,
    meaning: 'Phone verification: the number receives SMS two-factor codes; turn SMS two-factor off to change it',
  },
  PHONE_CODE_INVALID: { status: 400, meaning: 'Phone verification: the code is not correct (attempts are counted)' },
  PHONE_CODE_EXPIRED: {
    status: 400,
    meaning: 'Phone verification: the code expired, or none is waiting: send a new one',
  },
  PHONE_CODE_ATTEMPTS: {
    status: 429,
    meaning: 'Phone verification: too many wrong codes for this code; send a new one',
  },
  CONFLICT_OF_INTEREST: {
    status: 403,
    meaning: 'Disputes: the moderator is a party, or moderated a case between the same two people in the last 90 days',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type TErrorCode = keyof typeof ERROR_CODE_INFO;
export const ERROR_CODES = Object.keys(ERROR_CODE_INFO) as [TErrorCode, ...TErrorCode[]];

/** The HTTP status an error code travels with. */
export const statusOfErrorCode = (code: TErrorCode): number => ERROR_CODE_INFO[code].status;

/** The register form shows one message at a time; when several apply, the spec's order decides. */
export const REGISTER_MESSAGE_ORDER: readonly string[] = [
  MESSAGES.register.allRequired,
  MESSAGES.register.passwordsDoNotMatch,
  MESSAGES.register.passwordTooShort,
  LEGAL_MESSAGES.mustAccept,
];

/** Of several messages, the one people see: the earliest in `order`, else the first given. */
export function firstMessage(messages: readonly string[], order: readonly string[] = []): string | undefined {
  for (const wanted of order) if (messages.includes(wanted)) return wanted;
  return messages[0];
}

/** Two-factor sign-in: the spec's texts (section 8) and the product's own. */
export const TWO_FACTOR_MESSAGES = {
  setupAppFailed: 'Failed to setup authenticator app',
  setupSmsFailed: 'Failed to setup SMS authentication',
  invalidCode: 'Invalid verification code',
  disableFailed: 'Failed to disable 2FA',
  sendSmsFailed: 'Failed to send SMS',
  qrGenerated: 'QR Code Generated',
  verificationCodeSent: 'Verification Code Sent',
  enabled: 'Two-factor authentication enabled successfully',
  disabled: 'Two-factor authentication disabled',
  codeSent: 'Code Sent',
  secretCopied: 'Secret key copied to clipboard',
  codeLength: 'Enter the 6-digit code',
  phoneRequired: 'Enter your phone number with its country code, e.g. +27 82 123 4567',
  alreadyEnabled: 'Two-factor authentication is already on',
  notEnabled: 'Two-factor authentication is not on',
  noSetup: 'Start the setup again: choose an authenticator app or SMS',
  codeUsed: 'This code has already been used. Wait for the next one.',
  tooManyAttempts: 'Too many incorrect codes. Please wait a few minutes and try again.',
  challengeExpired: 'Your sign-in has expired. Enter your email and password again.',
  noPhone: 'No phone number is set up for SMS codes',
  staffRequired:
    'Moderators and administrators must turn on two-factor authentication. Set it up in Security Settings.',
} as const;

export const TWO_FACTOR_CODE_LENGTH = 6;
export const BACKUP_CODE_COUNT = 10;
/**
 * The characters of new backup codes: capitals and digits without the ones read or copied as another
 * (0/O, 1/I/L; lower case not at all, so l never appears). Crockford's base-32 less 0 and 1: 30 characters,
 * ten per code (about 49 bits each).
 */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/**
 * A backup code as typed: ten letters and digits, e.g. 7KQ2M-X9YZP (codes made before BACKUP_CODE_ALPHABET
 * may hold any letter of either case, so those still pass).
 */
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/**
 * Account security beyond sign-in: the signed-in sessions a person can see and end, and the password
 * reset by email (forgot password). The texts the pages show and the server returns.
 */
export const ACCOUNT_SECURITY_MESSAGES = {
  forgot: {
    /** The one answer to every request, whether or not an account has the address (no enumeration). */
    sent: 'If an account uses this email address, we have sent it a link to reset the password. The link works for 1 hour.',
    tooMany: 'Too many password reset requests. Please try again later',
    failed: 'Failed to send the reset link',
  },
  reset: {
    required: 'All fields are required',
    invalidToken: 'This password reset link is invalid or has expired. Request a new one.',
    done: 'Password reset. Sign in with your new password.',
    failed: 'Failed to reset password',
  },
  sessions: {
    notFound: 'Session not found',
    revoked: 'Session signed out',
    othersRevoked: 'Signed out everywhere else',
    revokeFailed: 'Failed to sign out the session',
    loadFailed: 'Failed to load your sessions',
  },
} as const;

/** How long an emailed reset link works (Better Auth's resetPasswordTokenExpiresIn). */
export const RESET_PASSWORD_TOKEN_TTL_SECONDS = 60 * 60;
/** The web page the emailed link opens: `/reset-password?token=…`. */
export const RESET_PASSWORD_PAGE = '/reset-password';
/** The label of a session whose browser and system cannot be told from its user agent. */
export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * Cursor paging for every list that grows (decision: keyset, never OFFSET). A list answers its first
 * page to the plain call; `?cursor=` takes the value of the previous page's `X-Next-Cursor` response
 * header (absent on the last page). Cursors are opaque: clients pass them back unchanged.
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const CURSOR_MAX_LENGTH = 200;

/** Default and maximum page sizes per list. */
export const PAGE_LIMITS = {
  transactions: { default: 50, max: 100 },
  walletActivity: { default: 10, max: 100 },
  notifications: { default: 20, max: 100 },
  disputes: { default: 50, max: 100 },
  disputeHistory: { default: 20, max: 100 },
  directMessages: { default: 200, max: 200 },
  conversations: { default: 50, max: 100 },
  supportChats: { default: 50, max: 100 },
  supportMessages: { default: 200, max: 200 },
  liveChatThreads: { default: 50, max: 100 },
  failedJobs: { default: 20, max: 100 },
  auditEvents: { default: 50, max: 100 },
  securityEvents: { default: 10, max: 50 },
} as const;
export type TPagedList = keyof typeof PAGE_LIMITS;

export const NOTIFICATIONS_PAGE_SIZE = PAGE_LIMITS.notifications.default;

/**
 * Who may start a transaction (spec section 6: buyers create, sellers accept): the server refuses
 * everyone else, and the web shows Create links and buttons to buyers only.
 */
export function canCreateTransactions(role: TRole): boolean {
  return role === 'buyer';
}

/**
 * Staff: moderators and admins. They see every transaction and support chat and answer as support, and
 * must use a second factor when REQUIRE_STAFF_2FA is on.
 */
export function isStaff(role: TRole): role is 'moderator' | 'admin' {
  return role === 'moderator' || role === 'admin';
}

/** The WebSocket close code of a socket whose session ended (signed out, revoked, password changed or reset). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * A crash the web app's error page reports to the server (POST /api/client-errors, logged there): the
 * page trims each field to its limit before sending; the server refuses longer ones.
 */
export const CLIENT_ERROR_LIMITS = { message: 500, stack: 4000, componentStack: 4000, url: 2000 } as const;
