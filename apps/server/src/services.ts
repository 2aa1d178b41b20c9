import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createEmailProvider, type EmailProvider } from './providers/email/index.js';
import { createPaymentProvider, type PaymentProvider } from './providers/payments/index.js';
import { walletBalanceText } from './modules/wallet/wallet.queries.js';

/** Long-lived collaborators built once per app; modules receive only what they use. */
export interface Services {
  email: EmailProvider;
  /** Card payments: `sandbox` (embedded test cards) or `stripe`. */
  payments: PaymentProvider;
  /** The user's wallet balance as a decimal string (GET /api/auth/user); '0.00' until provided. */
  walletBalance?: (userId: string, currency: string) => Promise<string>;
}

export function createServices(config: Config, database: Database): Services {
  return {
    email: createEmailProvider(config, database.db),
    payments: createPaymentProvider(config, database.db),
    walletBalance: (userId, currency) => walletBalanceText(database.db, userId, currency),
  };
}
