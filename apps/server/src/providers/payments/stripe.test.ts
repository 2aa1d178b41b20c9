import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createStripeProvider } from './stripe.js';
import { WebhookSignatureError, type PaymentProvider } from './types.js';

let standIn: StripeStandIn;
let stripe: PaymentProvider;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeProvider({
    secretKey: 'sk_test_x',
    publishableKey: undefined,
    webhookSecret: 'whsec_test',
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
  });
});
afterAll(() => standIn.close());

describe('Stripe provider (against the local stand-in)', () => {
  it('creates an intent in minor units, lower-case currency, automatic payment methods and metadata', async () => {
    const created = await stripe.createPaymentIntent({
      amountMinor: 10300n,
      currency: 'USD',
      metadata: { paymentId: 'pay_1', purpose: 'transaction', transactionId: 't1' },
      idempotencyKey: 'key-1',
    });
    expect(created.providerPaymentId).toMatch(/^pi_/);
    expect(created.clientSecret).toContain('_secret_');
    expect(created.status).toBe('requires_payment_method');
    const call = standIn.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'key-1' });
    expect(call.body).toMatchObject({
      amount: '10300',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[paymentId]': 'pay_1',
      'metadata[purpose]': 'transaction',
      'metadata[transactionId]': 't1',
    });
  });

  it('returns the same intent for the same idempotency key', async () => {
    const input = {
      amountMinor: 500n,
      currency: 'EUR' as const,
      metadata: { paymentId: 'pay_2' },
      idempotencyKey: 'k2',
    };
    const a = await stripe.createPaymentIntent(input);
    const b = await stripe.createPaymentIntent(input);
    expect(b.providerPaymentId).toBe(a.providerPaymentId);
  });

  it('retrieves the provider view: succeeded, declined', async () => {
    const a = await stripe.createPaymentIntent({
      amountMinor: 700n,
      currency: 'GBP',
      metadata: {},
      idempotencyKey: 'k3',
    });
    standIn.succeed(a.providerPaymentId);
    expect(await stripe.retrievePaymentIntent(a.providerPaymentId)).toEqual({
      providerPaymentId: a.providerPaymentId,
      status: 'succeeded',
      amountMinor: 700n,
      currency: 'GBP',
      failureMessage: undefined,
    });
    const b = await stripe.createPaymentIntent({
      amountMinor: 700n,
      currency: 'GBP',
      metadata: {},
      idempotencyKey: 'k4',
    });
    standIn.fail(b.providerPaymentId, 'Your card was declined.');
    expect(await stripe.retrievePaymentIntent(b.providerPaymentId)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
  });

  it('verifies webhook signatures over the raw body', async () => {
    const a = await stripe.createPaymentIntent({
      amountMinor: 900n,
      currency: 'ZAR',
      metadata: {},
      idempotencyKey: 'k5',
    });
    const { payload, signature } = standIn.signedEvent(
      'payment_intent.succeeded',
      standIn.succeed(a.providerPaymentId),
      {
        id: 'evt_ok',
      },
    );
    const event = stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': signature });
    expect(event).toMatchObject({
      id: 'evt_ok',
      type: 'payment.succeeded',
      intent: { amountMinor: 900n, currency: 'ZAR' },
    });

    expect(() => stripe.parseWebhook(payload.replace('900', '901'), { 'stripe-signature': signature })).toThrow(
      WebhookSignatureError,
    );
    const forged = standIn.signedEvent('payment_intent.succeeded', standIn.intents.get(a.providerPaymentId)!, {
      secret: 'whsec_other',
    });
    expect(() => stripe.parseWebhook(forged.payload, { 'stripe-signature': forged.signature })).toThrow(
      WebhookSignatureError,
    );
    expect(() => stripe.parseWebhook(payload, {})).toThrow(WebhookSignatureError);
  });

  it('passes other events through as "other"', () => {
    const { payload, signature } = standIn.signedEvent('charge.refunded', {
      ...standIn.intents.values().next().value!,
      object: 'charge',
    } as never);
    expect(stripe.parseWebhook(payload, { 'stripe-signature': signature })).toMatchObject({
      type: 'other',
      rawType: 'charge.refunded',
      providerPaymentId: null,
    });
  });
});
