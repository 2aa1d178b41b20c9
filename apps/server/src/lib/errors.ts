import type { TErrorCode } from '@holdfast/contracts';

/** An error meant for the client: a status, a stable code and a message people can read. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION', message, fields);
export const unauthenticated = (message = 'You must be signed in to do that') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const insufficientFunds = (message = 'Insufficient wallet balance') =>
  new AppError(409, 'INSUFFICIENT_FUNDS', message);
export const paymentFailed = (message: string) => new AppError(402, 'PAYMENT_FAILED', message);
export const tooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);
