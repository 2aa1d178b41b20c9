/**
 * The double-entry core: the only code that moves money. Callers pass their open database transaction
 * so each movement commits or rolls back with the state change that causes it.
 */
export { accountKey, type AccountRef, type AccountType } from './accounts.js';
export { postEntry, LedgerError, type EntryInput, type EntryKind } from './post-entry.js';
export { getWalletBalance, getWalletBalances, getAccountBalance } from './queries.js';
export { checkLedger } from './check.js';
export {
  depositToWallet,
  fundEscrowFromWallet,
  fundEscrowByCard,
  returnCardPaymentToWallet,
  releaseEscrow,
  refundEscrow,
  splitEscrow,
} from './movements.js';
