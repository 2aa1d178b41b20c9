import type { CurrencyCode, TPaymentIntentStatus, TPaymentProvider } from '@holdfast/contracts';

/** Everything the product asks of a card payment provider (Stripe's PaymentIntents model). */
export interface PaymentProvider {
  readonly name: TPaymentProvider;
  /** Creates (or, for a repeated idempotency key, returns again) a payment intent. */
  createPaymentIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The provider's current view of an intent: the server's source of truth for "did it succeed". */
  retrievePaymentIntent(providerPaymentId: string): Promise<RetrievedIntent>;
  /** Verifies a webhook's signature over the raw body and returns the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}

export interface CreateIntentInput {
  amountMinor: bigint;
  currency: CurrencyCode;
  metadata: Record<string, string>;
  /** The same key returns the same intent instead of creating a second one. */
  idempotencyKey: string;
}

export interface CreatedIntent {
  providerPaymentId: string;
  clientSecret: string;
  status: TPaymentIntentStatus;
}

export interface RetrievedIntent {
  providerPaymentId: string;
  status: TPaymentIntentStatus;
  /** What the provider actually collected (or will collect), minor units. */
  amountMinor: bigint;
  /** Upper-case ISO code. */
  currency: string;
  failureMessage?: string;
}

export type ProviderEvent =
  | { id: string; type: 'payment.succeeded' | 'payment.failed'; rawType: string; intent: RetrievedIntent }
  | { id: string; type: 'other'; rawType: string; providerPaymentId: string | null };

/** The request does not carry a valid provider signature. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or refused the call. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
