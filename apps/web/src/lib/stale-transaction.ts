import type { TErrorCode } from '@holdfast/contracts';
import { errorCode } from './api';

/**
 * Refusals that mean the page showed an out-of-date transaction: the other party, another tab or a timer
 * changed it first (accepted, funded, cancelled, disputed...), or it is no longer there for this viewer.
 * The answer to them is to fetch the transaction again, so the page shows what can be done now.
 */
export const STALE_TRANSACTION_CODES: ReadonlySet<TErrorCode> = new Set<TErrorCode>([
  'ALREADY_ACCEPTED',
  'ALREADY_COMPLETED',
  'ALREADY_CANCELLED',
  'ALREADY_FUNDED',
  'UNDER_DISPUTE',
  'NOT_ACTIVE',
  'NOT_FUNDED',
  'NOT_FOUND',
  // A deal paid in stages: its milestone ended, or no stage is left to cancel.
  'MILESTONE_ENDED',
  'NOTHING_TO_CANCEL',
]);

export function isStaleTransactionError(err: unknown): boolean {
  const code = errorCode(err);
  return code !== undefined && STALE_TRANSACTION_CODES.has(code);
}
