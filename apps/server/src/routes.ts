import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './modules/health/health.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { paymentWebhookRoutes, paymentsRoutes } from './modules/payments/payments.routes.js';
import { currencyRoutes } from './modules/currencies/currencies.routes.js';
import { transactionRoutes } from './modules/transactions/transactions.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';

/** Every HTTP module, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(paymentsRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(currencyRoutes);
      await api.register(transactionRoutes);
      await api.register(walletRoutes);
      await api.register(adminRoutes);
    },
    { prefix: '/api' },
  );
}
