import { PAYMENT_MESSAGES } from '@holdfast/contracts';
// Relative import: this pure module is unit-tested by Vitest, which has no '@' alias.
import { errorMessage, errorStatus } from '../../../lib/api';

export interface PaymentProblem {
  /** 'Payment Failed' for a refused card or payment, 'Payment Error' for anything unexpected. */
  title: string;
  message: string;
}

/**
 * What to tell the payer after a failed confirmation: the provider's refusal (402) or a rule the
 * server named (4xx with a message) is a 'Payment Failed'; anything else is a 'Payment Error'.
 */
export function paymentProblem(err: unknown): PaymentProblem {
  const status = errorStatus(err);
  if (status !== undefined && status >= 400 && status < 500) {
    return { title: PAYMENT_MESSAGES.paymentFailed, message: errorMessage(err, PAYMENT_MESSAGES.cardDeclined) };
  }
  return {
    title: PAYMENT_MESSAGES.paymentError,
    message: errorMessage(err, 'Something went wrong while processing your payment. Please try again.'),
  };
}
