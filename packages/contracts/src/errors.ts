import { z } from 'zod';

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
  SELLER_MISSING: { status: 409, meaning: 'No verified account holds the seller email' },
  NOT_DISPUTABLE: { status: 409, meaning: 'Only a funded transaction that is pending or active can be disputed' },
  DISPUTE_NOT_OPEN: { status: 409, meaning: 'The dispute is no longer open (a moderator has taken it)' },
  DISPUTE_RESOLVED: { status: 409, meaning: 'The dispute has already been resolved; resolution is final' },
  NOT_COMPLETED: { status: 409, meaning: 'Reviews open once the transaction is completed' },
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
  RESET_TOKEN_INVALID: {
    status: 400,
    meaning: 'Password reset: the link is unknown, expired or already used; request a new one',
  },
  RATE_LIMITED: { status: 429, meaning: 'Too many requests or attempts: wait, then try again' },
  INTERNAL: { status: 500, meaning: 'An unexpected failure on our side; nothing was changed' },
  PROVIDER_UNAVAILABLE: { status: 502, meaning: 'The payment provider could not be reached; try again' },
  SERVICE_UNAVAILABLE: { status: 503, meaning: 'A part of the service is down; try again shortly' },
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
  SUPPORT_CHAT_CLOSED: { status: 409, meaning: 'Support: the chat is closed and takes no new messages' },
  SUPPORT_STATUS_NOT_FORWARD: {
    status: 409,
    meaning: 'Support: a chat status only moves forward (open → in_progress → resolved → closed)',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type TErrorCode = keyof typeof ERROR_CODE_INFO;
export const ERROR_CODES = Object.keys(ERROR_CODE_INFO) as [TErrorCode, ...TErrorCode[]];

/** The HTTP status an error code travels with. */
export const statusOfErrorCode = (code: TErrorCode): number => ERROR_CODE_INFO[code].status;

export const ZErrorCode = z.enum(ERROR_CODES).meta({
  id: 'ErrorCode',
  description:
    'Stable error code to branch on (the message is for people):\n' +
    ERROR_CODES.map((c) => `- \`${c}\` (${ERROR_CODE_INFO[c].status}): ${ERROR_CODE_INFO[c].meaning}`).join('\n'),
});

export const ZErrorResponse = z
  .object({
    message: z.string(),
    code: ZErrorCode,
    /** Field name -> first message, for validation failures. */
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorResponse', description: 'Every failure: a message for people, a code for programs' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
