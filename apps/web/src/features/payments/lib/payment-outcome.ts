import { PAYMENT_MESSAGES, type TErrorCode } from '@holdfast/contracts';
// Relative import: this pure module is unit-tested by Vitest, which has no '@' alias.
import { errorCode, errorMessage } from '../../../lib/api';

export interface PaymentProblem {
  /** 'Payment Failed' for a refused card or payment, 'Payment Error' for anything unexpected. */
  title: string;
  message: string;
}

/** Failures on our side or the provider's: nothing was decided about the payment, so it is an error. */
const UNEXPECTED: ReadonlySet<TErrorCode> = new Set(['INTERNAL', 'PROVIDER_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);

/**
 * What to tell the payer after a failed confirmation: the provider's refusal (PAYMENT_FAILED) or any rule
 * the server named with a code (ALREADY_FUNDED, NOT_FOUND, ...) is a 'Payment Failed'; an outage, an
 * internal error or a failure without a code (the network) is a 'Payment Error'.
 */
export function paymentProblem(err: unknown): PaymentProblem {
  const code = errorCode(err);
  if (code && !UNEXPECTED.has(code)) {
    return { title: PAYMENT_MESSAGES.paymentFailed, message: errorMessage(err, PAYMENT_MESSAGES.cardDeclined) };
  }
  return {
    title: PAYMENT_MESSAGES.paymentError,
    message: errorMessage(err, 'Something went wrong while processing your payment. Please try again.'),
  };
}
