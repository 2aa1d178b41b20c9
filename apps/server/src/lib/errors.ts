import {
  MESSAGES,
  statusOfErrorCode,
  type CurrencyCode,
  type TErrorCode,
  type TTierLimitKind,
  type TVerificationTier,
} from '@holdfast/contracts';

/** An error meant for the client: a stable code (its HTTP status comes with it) and a message people can read. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** More the client can act on, in the error body beside code and message (e.g. `requiredTier`). */
    readonly details?: { requiredTier?: number },
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOfErrorCode(code);
  }
}

export const appError = (code: TErrorCode, message: string, fields?: Record<string, string>) =>
  new AppError(code, message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);
export const unauthenticated = (message: string = MESSAGES.auth.notSignedIn) =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message: string = MESSAGES.auth.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = MESSAGES.generic.notFound) => new AppError('NOT_FOUND', message);
export const tooManyRequests = (message: string) => new AppError('RATE_LIMITED', message);

/** Which tier limit refused a call: its kind, the tier the account had, the currency it was in. */
export interface TierLimitRefusal {
  kind: TTierLimitKind;
  tier: TVerificationTier;
  currency: CurrencyCode;
}

/**
 * Over the account's verification tier (issue 30): the tier that would allow it travels with the error.
 * `limit` stays on the server (the answer is code, message and requiredTier): the bell's notice reads it.
 */
export class VerificationRequiredError extends AppError {
  constructor(
    message: string,
    requiredTier: number,
    readonly limit: TierLimitRefusal,
  ) {
    super('VERIFICATION_REQUIRED', message, undefined, { requiredTier });
  }
}

export const verificationRequired = (message: string, requiredTier: number, limit: TierLimitRefusal) =>
  new VerificationRequiredError(message, requiredTier, limit);
