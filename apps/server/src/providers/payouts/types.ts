import type { CurrencyCode } from '@holdfast/contracts';

export type PayoutProviderName = 'sandbox' | 'stripe';
export type PayoutStatus = 'pending' | 'paid' | 'failed';

/** Everything the product asks of a payout provider: send money to a bank account, then say how it went. */
export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /**
   * Starts a payout, or for a repeated withdrawal id returns the one already started: the withdrawal
   * id is the idempotency key toward the provider.
   */
  createPayout(input: CreatePayoutInput): Promise<PayoutResult>;
  /** The provider's current view of a payout: the source of truth for "did it arrive". */
  getPayout(payoutId: string): Promise<PayoutResult>;
}

export interface CreatePayoutInput {
  withdrawalId: string;
  /** Minor units. */
  amount: bigint;
  currency: CurrencyCode;
  accountHolderName: string;
  /** The last four digits of the account number: all that is stored, and all a retry has. */
  accountLast4: string;
  /**
   * The full account number, present only on the first attempt (the person's request). The settle job
   * retrying a payout that never reached the provider has only the last four digits, since the full number
   * is never stored; an adapter must therefore send the same request either way (same idempotency key).
   */
  accountNumber?: string;
}

export interface PayoutResult {
  /** The provider's id for the payout. */
  id: string;
  status: PayoutStatus;
  /** Why it failed, in words a person can read; set when `status` is failed. */
  failureReason?: string;
}

/** The payout provider could not be reached or refused the call; the settle job tries again. */
export class PayoutProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutProviderError';
  }
}
