import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createSandboxProvider, type SandboxPaymentProvider } from './sandbox.js';
import { createStripeProvider } from './stripe.js';
import type { PaymentProvider } from './types.js';

export * from './types.js';
export { createSandboxProvider, type SandboxPaymentProvider } from './sandbox.js';
export { createStripeProvider } from './stripe.js';

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxPaymentProvider {
  return provider.name === 'sandbox' && 'chargeCard' in provider;
}

/** `stripe` when configured (config refuses PAYMENTS_PROVIDER=stripe without keys), else the sandbox. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.payments.provider === 'stripe' && config.payments.stripe) {
    return createStripeProvider(config.payments.stripe);
  }
  return createSandboxProvider(db);
}
