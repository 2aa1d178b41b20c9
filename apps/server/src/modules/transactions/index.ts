/** The transactions module's public entry: other modules and the composition root import only this. */
export { createTransactionsService, type TransactionsService } from './transactions.service.js';
export type { CardPayment, TransactionForPayment } from './transactions.funding.js';
export {
  relationOf,
  sellerEmailOf,
  authorize,
  transitionProblem,
  assertTransition,
  assertDisputable,
  assertReviewable,
  type Parties,
  type Relation,
  type Viewer,
  type TransactionAction,
} from './transactions.rules.js';
export { transactionRoutes } from './transactions.routes.js';
export {
  countTransactionsByStatus,
  findTransactionView,
  lockTransaction,
  recordEvent,
  type TransactionRow,
} from './transactions.queries.js';
export { successRateOf } from './transactions.success-rate.js';
export { transactionJobHandlers } from './transactions.jobs.js';
export { openDispute, resolveDispute } from './transactions.transitions.js';
export { outcomeFacts, type OutcomeFacts } from './transactions.outcome.js';
export { isStaged } from './transactions.rules.js';
export { assertMilestoneAction, milestoneOf, type MilestoneRow } from './transactions.milestone-rules.js';
export { openMilestoneDispute, resolveMilestoneDispute } from './transactions.milestone-transitions.js';
export { listMilestones } from './transactions.milestones.queries.js';
export { milestoneEscrowProblems } from './transactions.milestones.check.js';
