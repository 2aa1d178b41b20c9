/** The wallet module's public entry. */
export { createWalletService, type WalletService } from './wallet.service.js';
export { walletRoutes } from './wallet.routes.js';
