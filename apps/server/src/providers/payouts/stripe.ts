import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { createStripeClient, stripeCaller } from '../stripe-client.js';
import { PayoutProviderError, type PayoutProvider, type PayoutResult, type PayoutStatus } from './types.js';

export type StripePayoutSettings = NonNullable<Config['payouts']['stripe']>;

/** Stripe's payout states folded onto ours: in transit is still pending; canceled is a failure. */
export function mapStripePayoutStatus(status: Stripe.Payout['status']): PayoutStatus {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return 'pending';
  }
}

const FAILED_WITHOUT_REASON = 'The payout could not be completed';

function toResult(payout: Stripe.Payout): PayoutResult {
  const status = mapStripePayoutStatus(payout.status);
  return status === 'failed'
    ? { id: payout.id, status, failureReason: payout.failure_message ?? FAILED_WITHOUT_REASON }
    : { id: payout.id, status };
}

/**
 * Stripe Payouts through the official SDK: the money goes to the bank account on the Stripe account,
 * keyed by the withdrawal id so a retry never pays twice. Only the holder's name and the last four digits
 * travel (as metadata), so the first attempt and a retry send the same request. host/port/protocol
 * let tests point it at a local stand-in.
 */
export function createStripePayoutProvider(settings: StripePayoutSettings): PayoutProvider {
  const stripe = createStripeClient(settings);
  const call = stripeCaller((message, cause) => new PayoutProviderError(message, { cause }));

  return {
    name: 'stripe',
    async createPayout({ withdrawalId, amount, currency, accountHolderName, accountLast4 }) {
      const payout = await call('create payout', () =>
        stripe.payouts.create(
          {
            amount: Number(amount),
            currency: currency.toLowerCase(),
            description: `Holdfast withdrawal ${withdrawalId}`,
            metadata: { withdrawalId, accountHolderName, accountLast4 },
          },
          { idempotencyKey: withdrawalId },
        ),
      );
      return toResult(payout);
    },
    async getPayout(payoutId) {
      return toResult(await call('retrieve payout', () => stripe.payouts.retrieve(payoutId)));
    },
  };
}
