import { z } from 'zod';
import { AMOUNT_MESSAGES, ZAmountInput, checkTransactionAmount } from './currencies.js';
import { CONFIRMATION_PHRASE, MESSAGES } from './messages.js';
import { hasControlCharacters } from './text.js';
import { DELIVERY_MESSAGE_MAX_LENGTH, ESCROW_TIMERS, TRACKING_REFERENCE_MAX_LENGTH } from './escrow-timers.js';
import { toMinor } from './money.js';
import {
  TRANSACTION_LIST_MESSAGES,
  TRANSACTION_SEARCH_MAX_LENGTH,
  TRANSACTION_SORTS,
} from './transaction-list-constants.js';
import { pageQuery } from './paging.js';
import { ZMilestone, ZMilestoneInputs, checkMilestones } from './milestones.js';

export const TRANSACTION_STATUSES = ['pending', 'active', 'completed', 'disputed', 'cancelled'] as const;
export const ZTransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TTransactionStatus = z.infer<typeof ZTransactionStatus>;

export const PAYMENT_STATUSES = ['unpaid', 'succeeded', 'refunded'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

export const ZTransactionType = z.enum(['product', 'service']);
export type TTransactionType = z.infer<typeof ZTransactionType>;

export const ZViewerRole = z.enum(['buyer', 'seller', 'moderator', 'admin']);
export type TViewerRole = z.infer<typeof ZViewerRole>;

/**
 * What a viewer may do to a transaction (its `allowedActions`): the state changes of its routes (fund
 * covers the wallet and the card), `cancel_remaining` (a deal paid in stages, after acceptance: the
 * seller's POST …/milestones/cancel-remaining), `dispute` (POST /api/disputes: Report Issue, Request
 * Moderation) and `review` (POST /api/reviews; once each, which the transaction's reviews show).
 */
export const TRANSACTION_ACTIONS = [
  'accept',
  'decline',
  'cancel',
  'cancel_remaining',
  'fund',
  'deliver',
  'confirm',
  'dispute',
  'review',
] as const;
export const ZTransactionAction = z.enum(TRANSACTION_ACTIONS);
export type TTransactionAction = z.infer<typeof ZTransactionAction>;

export const DESCRIPTION_MAX_LENGTH = 2000;
export const DELIVERY_NOTES_MAX_LENGTH = 1000;

/** Texts the server answers with for transaction rules; the UI may show them verbatim. */
export const TRANSACTION_MESSAGES = {
  notFound: 'Transaction not found',
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  sellerEmailRequired: 'Seller email is required',
  sellerEmailInvalid: 'Enter a valid seller email address',
  sellerIsBuyer: 'You cannot create a transaction with yourself as the seller',
  deliveryDateInvalid: 'Expected delivery date must be a valid date (YYYY-MM-DD)',
  deliveryDateTooEarly: 'Expected delivery date must be tomorrow or later',
  deliveryNotesTooLong: `Delivery notes must be at most ${DELIVERY_NOTES_MAX_LENGTH} characters`,
  invalidCharacters: MESSAGES.generic.invalidCharacters,
  wrongPhrase: `Type "${CONFIRMATION_PHRASE}" to confirm receipt`,
  onlySellerAccept: 'Only the seller can accept this transaction',
  onlySellerDecline: 'Only the seller can decline this transaction',
  onlyPartiesCancel: 'Only the buyer or the seller can cancel this transaction',
  onlyBuyerFund: 'Only the buyer can fund this transaction',
  onlyBuyersCreate: 'Only buyer accounts can create transactions',
  onlyBuyerConfirm: 'Only the buyer can confirm receipt',
  verifyEmailFirst: 'Please verify your email address before acting as the seller of this transaction',
  alreadyAccepted: 'This transaction has already been accepted',
  alreadyCompleted: 'This transaction has already been completed',
  alreadyCancelled: 'This transaction has been cancelled',
  underDispute: 'This transaction is under dispute',
  notActive: 'This transaction must be accepted by the seller before receipt can be confirmed',
  notFunded: 'This transaction has not been funded yet; the buyer must fund it before confirming receipt',
  alreadyFunded: 'This transaction has already been funded',
  sellerMissing: 'The seller account for this transaction could not be found',
  insufficientFunds: 'Insufficient wallet balance',
  onlySellerDeliver: 'Only the seller can mark this transaction delivered',
  notDeliverable: 'Only an accepted, funded transaction can be marked delivered',
  alreadyDelivered: 'This transaction has already been marked delivered',
  onlyBuyerResend: 'Only the buyer can send the invitation again',
  sellerJoined: 'The seller is already on Holdfast: there is no invitation to send again',
  resendTooSoon: 'The invitation was sent less than an hour ago. You can send it again later.',
  lateCancelNotYet: `You can cancel an accepted transaction only when delivery is ${ESCROW_TIMERS.lateDeliveryGraceDays} days past the expected date`,
} as const;

const TRANSACTION_MESSAGES_INSPECTION = `Inspection period must be between ${ESCROW_TIMERS.inspectionDays.min} and ${ESCROW_TIMERS.inspectionDays.max} days`;

const ZEmail = z
  .string({ error: TRANSACTION_MESSAGES.sellerEmailRequired })
  .trim()
  .min(1, TRANSACTION_MESSAGES.sellerEmailRequired)
  .max(254, TRANSACTION_MESSAGES.sellerEmailInvalid)
  .pipe(z.email(TRANSACTION_MESSAGES.sellerEmailInvalid))
  .transform((s) => s.toLowerCase());

export const ZCreateTransactionRequest = z
  .object({
    amount: ZAmountInput,
    currency: z.string().max(10),
    sellerEmail: ZEmail,
    description: z
      .string({ error: TRANSACTION_MESSAGES.descriptionRequired })
      .trim()
      .min(1, TRANSACTION_MESSAGES.descriptionRequired)
      .max(DESCRIPTION_MAX_LENGTH, TRANSACTION_MESSAGES.descriptionTooLong)
      .refine((s) => !hasControlCharacters(s), TRANSACTION_MESSAGES.invalidCharacters),
    type: ZTransactionType.optional(),
    /** Days the buyer has to inspect after delivery; the money is released automatically after them. */
    inspectionDays: z
      .number({ error: TRANSACTION_MESSAGES_INSPECTION })
      .int(TRANSACTION_MESSAGES_INSPECTION)
      .min(ESCROW_TIMERS.inspectionDays.min, TRANSACTION_MESSAGES_INSPECTION)
      .max(ESCROW_TIMERS.inspectionDays.max, TRANSACTION_MESSAGES_INSPECTION)
      .optional(),
    /**
     * Pay in stages (decision 033): 1 to 10 milestones, each within the currency's limits; `amount` must be
     * their sum. Without it the deal is one amount, as the spec's call makes it.
     */
    milestones: ZMilestoneInputs.optional(),
  })
  .superRefine((v, ctx) => {
    const check = checkTransactionAmount(v.amount, v.currency);
    if (!check.valid) {
      const path = check.error === AMOUNT_MESSAGES.unsupportedCurrency ? 'currency' : 'amount';
      ctx.addIssue({ code: 'custom', message: check.error, path: [path] });
      return;
    }
    if (!v.milestones) return;
    const staged = checkMilestones(v.milestones, v.currency, v.amount);
    if (!staged.ok) {
      const path = staged.path[0] === 'amount' ? ['amount'] : ['milestones', ...staged.path];
      ctx.addIssue({ code: 'custom', message: staged.error, path });
    }
  });
export type TCreateTransactionRequest = z.input<typeof ZCreateTransactionRequest>;

/** Today's date (UTC) plus `days`, as YYYY-MM-DD. */
export function isoDatePlusDays(days: number, now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const ZAcceptTransactionRequest = z.object({
  expectedDeliveryDate: z
    .string()
    .refine(isRealDate, TRANSACTION_MESSAGES.deliveryDateInvalid)
    // ISO dates compare correctly as strings. "Tomorrow" is counted in UTC.
    .refine((s) => s >= isoDatePlusDays(1), TRANSACTION_MESSAGES.deliveryDateTooEarly)
    .optional(),
  deliveryNotes: z
    .string()
    .trim()
    .max(DELIVERY_NOTES_MAX_LENGTH, TRANSACTION_MESSAGES.deliveryNotesTooLong)
    .refine((s) => !hasControlCharacters(s), TRANSACTION_MESSAGES.invalidCharacters)
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type TAcceptTransactionRequest = z.input<typeof ZAcceptTransactionRequest>;

/**
 * The seller's accept dialog: two text fields that may stay empty. An empty field is left out, then the
 * request's own rules apply (a real date, tomorrow or later; notes trimmed, at most 1000 characters).
 */
export const ZAcceptTransactionForm = z
  .object({ expectedDeliveryDate: z.string(), deliveryNotes: z.string() })
  .transform(({ expectedDeliveryDate, deliveryNotes }) => {
    const filled: TAcceptTransactionRequest = {};
    if (expectedDeliveryDate.trim()) filled.expectedDeliveryDate = expectedDeliveryDate.trim();
    if (deliveryNotes.trim()) filled.deliveryNotes = deliveryNotes;
    return filled;
  })
  .pipe(ZAcceptTransactionRequest);
export type TAcceptTransactionForm = z.input<typeof ZAcceptTransactionForm>;

export const ZConfirmTransactionRequest = z.object({
  confirmationPhrase: z.string().max(200),
});
export type TConfirmTransactionRequest = z.infer<typeof ZConfirmTransactionRequest>;

export const ZTransactionParams = z.object({ id: z.uuid({ error: TRANSACTION_MESSAGES.notFound }) });

/**
 * How a deal's money ended, per party, from the ledger entries that moved it out of escrow: all of the amount
 * to the seller (`released`), the whole total back to the buyer (`refunded`), some to each (`split`: a split
 * decision or agreement, or a partial dispute whose part went back to the buyer), or nothing ever paid in
 * (`cancelled`). `ending` is null while the deal is still open (a partial dispute has paid the seller part).
 */
export const TRANSACTION_ENDINGS = ['released', 'refunded', 'split', 'cancelled'] as const;
export const ZTransactionEnding = z.enum(TRANSACTION_ENDINGS);
export type TTransactionEnding = z.infer<typeof ZTransactionEnding>;

export const ZTransactionOutcome = z.object({
  ending: ZTransactionEnding.nullable(),
  /** Decimal amounts in the transaction's currency, each the sum of the ledger's postings to that account. */
  buyerRefunded: z.string(),
  sellerReceived: z.string(),
  feeKept: z.string(),
  /** Still held in escrow (the disputed part of an open partial dispute; 0 once ended). */
  heldInEscrow: z.string(),
  /** Who settled a dispute over it: a moderator's decision or the parties' agreement; null without one. */
  decidedBy: z.enum(['moderator', 'agreement']).nullable(),
});
export type TTransactionOutcome = z.infer<typeof ZTransactionOutcome>;

export const ZTransaction = z.object({
  id: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  currency: z.string(),
  status: ZTransactionStatus,
  paymentStatus: ZPaymentStatus,
  description: z.string(),
  type: ZTransactionType,
  buyerId: z.string(),
  sellerId: z.string().nullable(),
  sellerEmail: z.string(),
  buyer: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
  }),
  seller: z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  expectedDeliveryDate: z.string().nullable(),
  deliveryNotes: z.string().nullable(),
  /** Days the buyer has to inspect after delivery (1–30). */
  inspectionDays: z.number().int(),
  fundedAt: z.string().nullable(),
  /** When the seller marked it delivered, with their optional tracking reference and message. */
  deliveredAt: z.string().nullable(),
  trackingReference: z.string().nullable(),
  deliveryMessage: z.string().nullable(),
  /** While delivered and awaiting the buyer: when the money is released automatically. */
  autoReleaseAt: z.string().nullable(),
  /** While pending: when a deadline cancels it (unfunded, or funded but not accepted). */
  cancelsAt: z.string().nullable(),
  /** While accepted, funded and not delivered: from when the buyer may cancel for late delivery. */
  lateCancelFrom: z.string().nullable(),
  viewerRole: ZViewerRole,
  /**
   * While the seller has no verified account (an invitation): when the invitation email last went out
   * (at creation, or the buyer's latest resend). Null once the seller has joined.
   */
  invitationSentAt: z.string().nullable(),
  /** Where the money went, read from the ledger (null while nothing has left escrow and the deal is open). */
  outcome: ZTransactionOutcome.nullable(),
  /** What the viewer may do now, by the rules the server enforces (none for staff). */
  allowedActions: z.array(ZTransactionAction),
  /** A deal paid in stages: its milestones in order (decision 033); empty for a deal of one amount. */
  milestones: z.array(ZMilestone),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionList = z.array(ZTransaction);

export const ZTransactionSort = z.enum(TRANSACTION_SORTS);
const L = TRANSACTION_LIST_MESSAGES;

const ZListAmount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, L.amount);
const ZListInstant = z.iso.datetime({ offset: true, error: L.date });

/**
 * `GET /api/transactions?limit=&cursor=&status=`: a page of the caller's transactions, optionally of one
 * status. Beyond the spec, all optional: `q` finds a deal by its description or its counterparty's name
 * or email (any part, any case); `sort` (TRANSACTION_SORTS); `minAmount`/`maxAmount` (inclusive, in the
 * deal's own currency); `from` (inclusive) and `to` (exclusive), instants the deal was created in. A
 * cursor continues the sort it came from; with another sort it is refused (400 INVALID_CURSOR).
 */
export const ZTransactionListQuery = pageQuery('transactions')
  .extend({
    status: ZTransactionStatus.optional(),
    q: z
      .string()
      .trim()
      .max(TRANSACTION_SEARCH_MAX_LENGTH, L.search)
      .optional()
      .describe("Finds a deal by its description or its counterparty's name or email (any part, any case)"),
    sort: ZTransactionSort.optional().describe('newest (default), oldest, amount_desc or amount_asc'),
    minAmount: ZListAmount.optional().describe("Smallest amount, inclusive, in the deal's own currency"),
    maxAmount: ZListAmount.optional().describe("Largest amount, inclusive, in the deal's own currency"),
    from: ZListInstant.optional().describe('Created at or after this instant (ISO 8601 with a time zone)'),
    to: ZListInstant.optional().describe('Created before this instant (ISO 8601 with a time zone)'),
  })
  .refine((q) => !q.minAmount || !q.maxAmount || toMinor(q.minAmount, 2)! <= toMinor(q.maxAmount, 2)!, {
    message: L.amountRange,
    path: ['maxAmount'],
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: L.dateRange,
    path: ['to'],
  });
export type TTransactionListQuery = z.infer<typeof ZTransactionListQuery>;

/**
 * `GET /api/transactions/stats`: how many of the caller's transactions are in each status, and their
 * Success Rate as their public profile shows it (whole percent of finished deals; null before any, decision 032).
 */
export const ZTransactionStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  disputed: z.number().int(),
  cancelled: z.number().int(),
  successRate: z.number().int().nullable(),
});
export type TTransactionStats = z.infer<typeof ZTransactionStats>;

/** The seller marks an active, funded transaction delivered; both fields are optional. */
export const ZDeliverTransactionRequest = z.object({
  trackingReference: z
    .string()
    .trim()
    .max(
      TRACKING_REFERENCE_MAX_LENGTH,
      `Tracking reference must be at most ${TRACKING_REFERENCE_MAX_LENGTH} characters`,
    )
    .refine((s) => !hasControlCharacters(s), TRANSACTION_MESSAGES.invalidCharacters)
    .optional()
    .transform((s) => (s ? s : undefined)),
  note: z
    .string()
    .trim()
    .max(DELIVERY_MESSAGE_MAX_LENGTH, `Note must be at most ${DELIVERY_MESSAGE_MAX_LENGTH} characters`)
    .refine((s) => !hasControlCharacters(s), TRANSACTION_MESSAGES.invalidCharacters)
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type TDeliverTransactionRequest = z.input<typeof ZDeliverTransactionRequest>;

/** `POST /api/transactions/:id/resend-invitation`: the buyer sends the seller's invitation email again. */
export const INVITATION_RESEND_INTERVAL_MINUTES = 60;
export const ZResendInvitationResponse = z.object({ invitationSentAt: z.string() });
export type TResendInvitationResponse = z.infer<typeof ZResendInvitationResponse>;
