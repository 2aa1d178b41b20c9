/**
 * The double-entry core: the only code that moves money. Callers pass their open database transaction,
 * or write the entry in the state change's own statement (entryCtes), so each movement commits or rolls
 * back with the state change that causes it.
 */
export { accountKey, type AccountRef, type AccountRefSql, type AccountType } from './accounts.js';
export {
  postEntry,
  prepareEntry,
  entryCtes,
  entryWritten,
  entryFailure,
  ENTRY_RESULT,
  ENTRY_SQL_RESULT,
  entrySqlCtes,
  entrySqlGuard,
  entrySqlWritten,
  entrySqlFailure,
  LedgerError,
  type EntrySql,
  type EntryInput,
  type EntryKind,
  type EntryWritten,
  type PreparedEntry,
} from './post-entry.js';
export { getWalletBalance, getWalletBalances, getAccountBalance } from './queries.js';
export { checkLedger } from './check.js';
export {
  depositToWallet,
  fundEscrowFromWallet,
  walletFundingEntry,
  walletFundingEntrySql,
  fundEscrowByCard,
  cardFundingEntry,
  returnCardPaymentToWallet,
  releaseEscrow,
  releaseEntry,
  releaseEntrySql,
  refundEscrow,
  refundEntry,
  splitEscrow,
  withdrawToPayouts,
  completePayout,
  returnFailedPayout,
} from './movements.js';
