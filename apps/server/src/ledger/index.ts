/**
 * The double-entry core: the only code that moves money. A movement is a journal entry (movements.ts)
 * that postEntry writes in the caller's open database transaction, so each one commits or rolls back
 * with the change that causes it.
 */
export { accountKey, type AccountRef, type AccountType } from './accounts.js';
export {
  postEntry,
  entryStatement,
  settleEntry,
  LedgerError,
  type EntryInput,
  type EntryKind,
  type EntryStatement,
  type EntryWritten,
} from './post-entry.js';
export { getWalletBalance, getWalletBalances, getAccountBalance } from './queries.js';
export { checkLedger } from './check.js';
export {
  latestLedgerCheck,
  ledgerCheckJobHandlers,
  nextLedgerCheckAt,
  scheduleLedgerCheck,
  type LedgerCheckRun,
} from './daily-check.js';
export {
  depositEntry,
  walletFundingEntry,
  milestoneWalletFundingEntry,
  milestoneCardFundingEntry,
  cardFundingEntry,
  cardPaymentToWalletEntry,
  releaseEntry,
  refundEntry,
  milestonesRefundEntry,
  splitEntry,
  partialReleaseEntry,
  withdrawalEntry,
  payoutCompletedEntry,
  payoutReturnedEntry,
  type MilestoneShare,
} from './movements.js';
