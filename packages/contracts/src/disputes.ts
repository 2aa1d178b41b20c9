import { z } from 'zod';
import {
  DISPUTE_RESOLUTIONS,
  DISPUTE_TEXT_MAX_LENGTH,
  DISPUTE_TYPES,
  OFFER_MESSAGE_MAX_LENGTH,
} from './dispute-constants.js';
import { ZCaseFileEntry } from './dispute-case-file.js';
import { MAX_RELIED_ON_EVIDENCE, PARTIAL_DISPUTE_MESSAGES } from './dispute-partial.js';
import { hasControlCharacters } from './text.js';
import { pageQuery } from './paging.js';
import { ZTransaction } from './transactions.js';

/** The two sides of a transaction, as a dispute, an offer or a review names them. */
export const PARTY_ROLES = ['buyer', 'seller'] as const;
export const ZPartyRole = z.enum(PARTY_ROLES);
export type TPartyRole = z.infer<typeof ZPartyRole>;

export const ZDisputeType = z.enum(DISPUTE_TYPES);
export type TDisputeType = z.infer<typeof ZDisputeType>;

export const DISPUTE_PRIORITIES = ['low', 'medium', 'high'] as const;
export const ZDisputePriority = z.enum(DISPUTE_PRIORITIES);
export type TDisputePriority = z.infer<typeof ZDisputePriority>;
export const DEFAULT_DISPUTE_PRIORITY: TDisputePriority = 'medium';

export const DISPUTE_STATUSES = ['open', 'in_review', 'resolved'] as const;
export const ZDisputeStatus = z.enum(DISPUTE_STATUSES);
export type TDisputeStatus = z.infer<typeof ZDisputeStatus>;

export const ZDisputeResolution = z.enum(DISPUTE_RESOLUTIONS);
export type TDisputeResolution = z.infer<typeof ZDisputeResolution>;

export const OFFER_STATUSES = ['open', 'accepted', 'rejected', 'superseded', 'closed'] as const;
export const ZOfferStatus = z.enum(OFFER_STATUSES);
export type TOfferStatus = z.infer<typeof ZOfferStatus>;

/** Texts the server answers with for dispute rules; the UI may show them verbatim. */
export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found',
  missingInformation: 'Please select a dispute type and provide a description.',
  missingResolution: 'Please select a resolution and provide detailed notes.',
  textTooLong: `Text must be at most ${DISPUTE_TEXT_MAX_LENGTH} characters`,
  invalidCharacters: 'Text contains characters that are not allowed',
  onlyParties: 'Only the buyer or the seller can dispute this transaction',
  notDisputable: 'Only a funded transaction that is pending or active can be disputed',
  alreadyDisputed: 'This transaction is already under dispute',
  moderatorsOnly: 'Only moderators can do this',
  staffOnly: 'Only moderators and admins can do this',
  assignToSelf: 'A moderator can only assign a dispute to themselves',
  notOpen: 'Only an open dispute can be assigned',
  assignedToAnother: 'This dispute is assigned to another moderator',
  ownTransaction: 'You cannot decide a dispute on a transaction you are a party to',
  alreadyResolved: 'This dispute has already been resolved',
  refundRequired: 'Enter the amount to refund to the buyer',
  refundInvalid: 'Enter a valid refund amount',
  refundOutOfRange: (max: string) => `The refund must be more than 0 and less than ${max}`,
  offerMessageRequired: 'Add a message to explain your offer',
  offerMessageTooLong: `The message must be at most ${OFFER_MESSAGE_MAX_LENGTH} characters`,
  offerNotFound: 'Offer not found',
  offerClosed: 'This offer is no longer open',
  ownOffer: 'The other party answers your offer',
  onlyPartiesOffer: 'Only the buyer or the seller can make or answer offers',
  conflictOfInterest:
    'You moderated a case between these two people in the last 90 days; another moderator must take this one.',
} as const;

/**
 * Where a case stands (issue 28: a clock on every step): the step, who must act, by when, and the stated
 * default if nobody does. Computed on the server only (disputes.step.ts).
 */
export const DISPUTE_STEP_CODES = [
  'awaiting_response',
  'awaiting_moderator',
  'in_review',
  'awaiting_second_review',
  'escalated',
  'resolved',
] as const;
export const DISPUTE_STEP_ACTORS = ['buyer', 'seller', 'moderator', 'admin'] as const;
export const ZDisputeStep = z.object({
  code: z.enum(DISPUTE_STEP_CODES),
  actor: z.enum(DISPUTE_STEP_ACTORS).nullable(),
  dueAt: z.string().nullable(),
  /** What is happening now. */
  text: z.string(),
  /** What happens when `dueAt` passes and nobody acted; null when no clock runs. */
  ifNobodyActs: z.string().nullable(),
  /** The other party let the response deadline pass in silence (and has not responded since). */
  noResponse: z.boolean(),
});
export type TDisputeStep = z.infer<typeof ZDisputeStep>;

const text = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(DISPUTE_TEXT_MAX_LENGTH, DISPUTE_MESSAGES.textTooLong)
    .refine((s) => !hasControlCharacters(s), DISPUTE_MESSAGES.invalidCharacters);

/**
 * POST /api/disputes. `initiatedBy` is accepted for the spec's client and ignored: the server derives it
 * from who calls. The transaction card sends type 'other' and no priority (medium).
 */
export const ZCreateDisputeRequest = z.object({
  transactionId: z.uuid({ error: 'Transaction not found' }),
  initiatedBy: z.string().max(20).optional(),
  type: ZDisputeType.or(z.literal('')).refine((t) => t !== '', DISPUTE_MESSAGES.missingInformation),
  description: text(DISPUTE_MESSAGES.missingInformation),
  priority: ZDisputePriority.optional(),
  /** The buyer's amount in dispute (decimal, at most the amount); absent: the whole amount. */
  disputedAmount: z.union([z.string().max(40), z.number()]).optional(),
  /**
   * A deal paid in stages: the milestone in dispute (required there; decision 033). `disputedAmount` is then
   * of that milestone's amount, and the deal's other milestones go on.
   */
  milestoneId: z.uuid({ error: 'Milestone not found' }).optional(),
});
export type TCreateDisputeRequest = z.input<typeof ZCreateDisputeRequest>;

/** PATCH /api/disputes/{id}/assign: the spec's client sends the moderator's own id. */
export const ZAssignDisputeRequest = z.object({ moderatorId: z.string().min(1).max(100) });

/** PATCH /api/disputes/{id}/resolve. `refundAmount` (decimal, the transaction's currency) only for a partial one. */
export const ZResolveDisputeRequest = z.object({
  resolution: z
    .union([ZDisputeResolution, z.literal('')], { error: DISPUTE_MESSAGES.missingResolution })
    .refine((r) => r !== '', DISPUTE_MESSAGES.missingResolution),
  resolutionNotes: text(DISPUTE_MESSAGES.missingResolution),
  refundAmount: z.union([z.string().max(40), z.number()]).optional(),
  /** The case's evidence the decision relied on. */
  evidenceIds: z
    .array(z.uuid({ error: PARTIAL_DISPUTE_MESSAGES.evidenceInvalid }))
    .max(MAX_RELIED_ON_EVIDENCE, PARTIAL_DISPUTE_MESSAGES.tooManyEvidence)
    .optional(),
});
export type TResolveDisputeRequest = z.input<typeof ZResolveDisputeRequest>;

/** POST /api/disputes/{id}/offers: a proposed split while the dispute is open. */
export const ZCreateOfferRequest = z.object({
  refundAmount: z.union([z.string().max(40), z.number()], { error: DISPUTE_MESSAGES.refundRequired }),
  message: z
    .string({ error: DISPUTE_MESSAGES.offerMessageRequired })
    .trim()
    .min(1, DISPUTE_MESSAGES.offerMessageRequired)
    .max(OFFER_MESSAGE_MAX_LENGTH, DISPUTE_MESSAGES.offerMessageTooLong)
    .refine((s) => !hasControlCharacters(s), DISPUTE_MESSAGES.invalidCharacters),
});
export type TCreateOfferRequest = z.input<typeof ZCreateOfferRequest>;

/** POST /api/disputes/{id}/reject-proposal: a second reviewer sends the decision back, saying why. */
export const ZRejectProposalRequest = z.object({
  reason: z
    .string({ error: PARTIAL_DISPUTE_MESSAGES.reasonRequired })
    .trim()
    .min(1, PARTIAL_DISPUTE_MESSAGES.reasonRequired)
    .max(DISPUTE_TEXT_MAX_LENGTH, DISPUTE_MESSAGES.textTooLong)
    .refine((s) => !hasControlCharacters(s), DISPUTE_MESSAGES.invalidCharacters),
});
export type TRejectProposalRequest = z.input<typeof ZRejectProposalRequest>;

/** Ids that are not uuids simply find nothing (404), as for transactions. */
export const ZDisputeParams = z.object({ id: z.string().max(64) });
export const ZOfferParams = z.object({ id: z.string().max(64), offerId: z.string().max(64) });

/**
 * A settlement offer with what each side would receive from escrow when it is accepted (decimal strings in
 * the transaction's currency). Of a partial dispute, only the disputed part is in escrow: `refundAmount`
 * and both shares are of that part (the remainder was released to the seller when the dispute opened).
 */
export const ZSettlementOffer = z.object({
  id: z.string(),
  proposerRole: ZPartyRole,
  refundAmount: z.string(),
  buyerReceives: z.string(),
  sellerReceives: z.string(),
  message: z.string(),
  status: ZOfferStatus,
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type TSettlementOffer = z.infer<typeof ZSettlementOffer>;

/** The spec's Dispute, with what a case needs beyond it. Amounts are decimal strings. */
export const ZDispute = z.object({
  id: z.string(),
  transactionId: z.string(),
  transaction: z.object({
    currency: z.string(),
    total: z.string(),
    amount: z.string(),
    fee: z.string(),
    description: z.string(),
    status: z.string(),
  }),
  /**
   * The milestone in dispute on a deal paid in stages (its amount is what `disputedAmount` is of, its fee
   * what the fee share is of); null for a deal of one amount.
   */
  milestone: z
    .object({ id: z.string(), position: z.number().int(), title: z.string(), amount: z.string(), fee: z.string() })
    .nullable(),
  type: ZDisputeType,
  description: z.string(),
  priority: ZDisputePriority,
  initiatedBy: ZPartyRole,
  status: ZDisputeStatus,
  moderatorId: z.string().nullable(),
  resolution: ZDisputeResolution.nullable(),
  resolutionNotes: z.string().nullable(),
  /** Of the amount, returned to the buyer (partial resolutions and accepted offers). */
  refundAmount: z.string().nullable(),
  /** True when the parties settled it themselves by an accepted offer. */
  settledByAgreement: z.boolean(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The open settlement offer, if any. */
  openOffer: ZSettlementOffer.nullable(),
  /** The current step with its deadline and default. */
  step: ZDisputeStep,
  /** Of the amount, what is in dispute (the whole amount unless the buyer disputed part of it). */
  disputedAmount: z.string(),
  /** Released to the seller when the dispute opened (the undisputed remainder less its fee share); "0" when whole. */
  undisputedReleased: z.string(),
  /** The evidence the decision relied on (ids of the case's evidence). */
  reliedOnEvidenceIds: z.array(z.string()),
  /** A decision at or above DISPUTE_SECOND_REVIEW_AMOUNT waiting for a second moderator or an admin. */
  secondReview: z
    .object({
      proposedBy: z.string(),
      proposedAt: z.string(),
      resolution: ZDisputeResolution,
      refundAmount: z.string().nullable(),
      notes: z.string(),
      evidenceIds: z.array(z.string()),
    })
    .nullable(),
  /** Why the last proposal was sent back (shown to its moderator until they decide again). */
  sentBackReason: z.string().nullable(),
  /** The second reviewer who approved the decision, when one was needed. */
  approvedById: z.string().nullable(),
});
export type TDispute = z.infer<typeof ZDispute>;
export const ZDisputeList = z.array(ZDispute);

/** `GET /api/disputes?limit=&cursor=&transactionId=` and `GET /api/disputes/moderator?limit=&cursor=`. */
export const ZDisputeListQuery = pageQuery('disputes').extend({
  /** Only the disputes of this transaction (the transaction page's panel). */
  transactionId: z.uuid().optional(),
});
export type TDisputeListQuery = z.infer<typeof ZDisputeListQuery>;
export const ZModeratorDisputeListQuery = pageQuery('disputes');

export const ZDisputeStats = z.object({
  openDisputes: z.number(),
  pendingReview: z.number(),
  resolvedToday: z.number(),
  /** Resolved of all disputes, as a whole percentage. */
  resolutionRate: z.number(),
});
export type TDisputeStats = z.infer<typeof ZDisputeStats>;

/** GET /api/disputes/{id}: the whole case for a moderator or a party. */
export const ZDisputeCase = z.object({
  dispute: ZDispute,
  /** The transaction as the caller may see it: amounts, both parties, delivery details. */
  transaction: ZTransaction,
  /** The transaction's state changes, oldest first. */
  timeline: z.array(
    z.object({
      action: z.string(),
      fromStatus: z.string(),
      toStatus: z.string(),
      actorName: z.string().nullable(),
      at: z.string(),
    }),
  ),
  offers: z.array(ZSettlementOffer),
  /** The case file: everything above and what the parties and staff added, oldest first (internal notes: staff only). */
  file: z.array(ZCaseFileEntry),
});
export type TDisputeCase = z.infer<typeof ZDisputeCase>;
