import type { FastifyInstance } from 'fastify';
import { registerUserSocket } from './realtime/user-socket.js';
import { healthRoutes, systemRoutes } from './modules/system/index.js';
import { authRoutes, twoFactorRoutes } from './modules/auth/index.js';
import { securityRoutes } from './modules/auth/index.js';
import { paymentWebhookRoutes, paymentsRoutes } from './modules/payments/index.js';
import { currencyRoutes } from './modules/currencies/index.js';
import { transactionRoutes } from './modules/transactions/index.js';
import { walletRoutes } from './modules/wallet/index.js';
import { withdrawalHoldRoutes, withdrawalRoutes } from './modules/withdrawals/index.js';
import { receiptRoutes } from './modules/receipts/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { moderatorApplicationRoutes } from './modules/moderator-applications/index.js';
import { disputeRoutes } from './modules/disputes/index.js';
import { reviewRoutes } from './modules/reviews/index.js';
import { registerSupportSocket, supportRoutes } from './modules/support/index.js';
import { messageRoutes } from './modules/messages/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { liveChatRoutes } from './modules/live-chat/index.js';
import { legalRoutes } from './modules/legal/index.js';
import { identityRoutes, identityWebhookRoutes } from './modules/identity/index.js';
import { verificationRoutes } from './modules/verification/index.js';

/** The WebSocket endpoints, at the root as the spec has them: /ws (a person's own events), /ws/support (support chats). */
export function registerSockets(app: FastifyInstance) {
  registerUserSocket(app);
  registerSupportSocket(app);
}

/** Every HTTP module, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(securityRoutes);
      await api.register(paymentsRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(currencyRoutes);
      await api.register(transactionRoutes);
      await api.register(walletRoutes);
      await api.register(withdrawalRoutes);
      await api.register(receiptRoutes);
      await api.register(adminRoutes);
      await api.register(withdrawalHoldRoutes);
      await api.register(moderatorApplicationRoutes);
      await api.register(disputeRoutes);
      await api.register(reviewRoutes);
      await api.register(supportRoutes);
      await api.register(messageRoutes);
      await api.register(notificationRoutes);
      await api.register(profileRoutes);
      await api.register(liveChatRoutes);
      await api.register(legalRoutes);
      await api.register(identityRoutes);
      await api.register(identityWebhookRoutes);
      await api.register(verificationRoutes);
    },
    { prefix: '/api' },
  );
}
