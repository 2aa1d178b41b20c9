/** The withdrawals module's public entry. */
export { createWithdrawalsService, type WithdrawalsService } from './withdrawals.service.js';
export { withdrawalRoutes } from './withdrawals.routes.js';
export { withdrawalJobHandlers } from './withdrawals.jobs.js';
export { createWithdrawalHoldsService, type WithdrawalHoldsService } from './withdrawals.holds.js';
export { withdrawalHoldRoutes } from './withdrawals.holds.routes.js';
