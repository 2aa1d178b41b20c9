import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { sandboxCardOutcome, type CardOutcome } from './sandbox-cards.js';
import { WebhookSignatureError, type PaymentProvider } from './types.js';

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The sandbox "bank": decides a card's outcome. Only the server calls it, never the browser. */
  chargeCard(cardNumber: string): CardOutcome;
}

/**
 * Embedded, offline provider with test cards. Its intents live in our own `payments` table (the
 * service inserts the row), so retrieving one reads that row.
 */
export function createSandboxProvider(db: Db): SandboxPaymentProvider {
  return {
    name: 'sandbox',
    async createPaymentIntent({ idempotencyKey }) {
      // Same key, same intent id: a repeated create collides on provider_payment_id and reuses the row.
      const providerPaymentId = 'sbpi_' + createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24);
      return {
        providerPaymentId,
        clientSecret: `${providerPaymentId}_secret_${randomBytes(16).toString('hex')}`,
        status: 'requires_payment_method',
      };
    },
    async retrievePaymentIntent(providerPaymentId) {
      const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
      if (!row) throw new Error(`Unknown sandbox payment intent ${providerPaymentId}`);
      return {
        providerPaymentId,
        status: row.status,
        amountMinor: row.amount,
        currency: row.currency,
        failureMessage: row.failureMessage ?? undefined,
      };
    },
    parseWebhook() {
      throw new WebhookSignatureError('The sandbox provider sends no webhooks');
    },
    chargeCard: sandboxCardOutcome,
  };
}
