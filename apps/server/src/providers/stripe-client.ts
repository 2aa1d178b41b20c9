import type Stripe from 'stripe';
import { loadOptional } from '../lib/optional-module.js';

/** How to reach Stripe: the secret key, and host/port/protocol so tests can point it at a local stand-in. */
export interface StripeConnection {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** The official SDK configured the one way both Stripe adapters (card payments, payouts) use it. */
export function createStripeClient(c: StripeConnection): Stripe {
  const StripeSdk = loadOptional('stripe') as typeof Stripe;
  return new StripeSdk(c.secretKey, {
    host: c.host,
    port: c.port,
    protocol: c.protocol,
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Holdfast' },
  });
}

/**
 * Runs a Stripe call and turns any failure into the adapter's own "provider unavailable" error, with
 * Stripe's as the cause, so callers handle one kind of error whatever the SDK threw.
 */
export function stripeCaller(toError: (message: string, cause: unknown) => Error) {
  return async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw toError(`Stripe ${what} failed`, err);
    }
  };
}
