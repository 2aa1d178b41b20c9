/** The verification module's public entry: tiers, their limits on money, and phone verification. */
export { createVerificationService, type VerificationService } from './verification.service.js';
export { verificationRoutes } from './verification.routes.js';
export {
  assertTransactionWithinTier,
  assertWithdrawalWithinTier,
  tierOf,
  withdrawnThisMonth,
} from './verification.tiers.js';
