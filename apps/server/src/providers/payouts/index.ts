import type { Config } from '../../config.js';
import { createSandboxPayoutProvider } from './sandbox.js';
import { createStripePayoutProvider } from './stripe.js';
import type { PayoutProvider } from './types.js';

export * from './types.js';
export { createSandboxPayoutProvider } from './sandbox.js';
export { createStripePayoutProvider, mapStripePayoutStatus } from './stripe.js';

/** `stripe` when configured (config refuses PAYOUTS_PROVIDER=stripe without a secret key), else the sandbox. */
export function createPayoutProvider(config: Config): PayoutProvider {
  if (config.payouts.provider === 'stripe' && config.payouts.stripe) {
    return createStripePayoutProvider(config.payouts.stripe);
  }
  return createSandboxPayoutProvider();
}
