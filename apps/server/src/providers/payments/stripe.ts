import type Stripe from 'stripe';
import type { TPaymentIntentStatus } from '@holdfast/contracts';
import type { Config } from '../../config.js';
import { createStripeClient, stripeCaller } from '../stripe-client.js';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type RetrievedIntent,
} from './types.js';

export type StripeSettings = NonNullable<Config['payments']['stripe']>;

/** Stripe's intent states folded onto ours; a decline leaves the intent reusable (`failed`). */
export function mapStripeStatus(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>,
): TPaymentIntentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_payment_method';
    default:
      // requires_confirmation / requires_action: the buyer still has to act in the browser.
      return 'requires_payment_method';
  }
}

function toRetrieved(intent: Stripe.PaymentIntent): RetrievedIntent {
  const collected = intent.amount_received > 0 ? intent.amount_received : intent.amount;
  return {
    providerPaymentId: intent.id,
    status: mapStripeStatus(intent),
    amountMinor: BigInt(collected),
    currency: intent.currency.toUpperCase(),
    failureMessage: intent.last_payment_error?.message ?? undefined,
  };
}

/** Stripe PaymentIntents through the official SDK; host/port/protocol let tests point it at a local stand-in. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = createStripeClient(settings);
  const call = stripeCaller((message, cause) => new ProviderUnavailableError(message, { cause }));

  return {
    name: 'stripe',
    async createPaymentIntent({ amountMinor, currency, metadata, idempotencyKey }) {
      const intent = await call('create payment intent', () =>
        stripe.paymentIntents.create(
          {
            amount: Number(amountMinor),
            currency: currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            metadata,
          },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new ProviderUnavailableError('Stripe returned no client secret');
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret, status: mapStripeStatus(intent) };
    },
    async retrievePaymentIntent(providerPaymentId) {
      return toRetrieved(
        await call('retrieve payment intent', () => stripe.paymentIntents.retrieve(providerPaymentId)),
      );
    },
    parseWebhook(rawBody, headers): ProviderEvent {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature)
        throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        return {
          id: event.id,
          type: event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed',
          rawType: event.type,
          intent: toRetrieved(event.data.object),
        };
      }
      const object = (event.data as { object?: { object?: string; id?: string } } | undefined)?.object;
      return {
        id: event.id,
        type: 'other',
        rawType: event.type,
        providerPaymentId: object?.object === 'payment_intent' && object.id ? object.id : null,
      };
    },
  };
}
