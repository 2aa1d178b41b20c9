import { z } from 'zod';
import { ZAmountInput, checkTransactionAmount } from './currencies.js';
import { hasControlCharacters } from './text.js';
import { formatMoney, fromMinor, decimalsOf } from './money.js';
import { MESSAGES } from './messages.js';

/**
 * Milestone deals ("Pay in stages", issue 29, decision 033): a transaction whose amount is paid, held,
 * delivered and released stage by stage. Each milestone is its own escrow (its own ledger account), its
 * own fee (3% of its amount, half-up) and its own inspection period; the deal's amount, fee and total are
 * their sums.
 */

export const MILESTONE_LIMITS = { min: 1, max: 10, titleMaxLength: 120 } as const;

export const MILESTONE_STATUSES = [
  /** Waiting for the buyer's money. */
  'unfunded',
  /** Its total is in its escrow; the seller may start and mark it delivered. */
  'funded',
  /** Marked delivered: its inspection period runs, then it is released automatically. */
  'delivered',
  /** A dispute holds it (no timer moves it). */
  'disputed',
  /** Its money went to the seller (confirmed, automatically, or by a dispute's outcome). */
  'released',
  /** Its money went back to the buyer. */
  'refunded',
  /** Ended before it was funded (the deal was cancelled, or its funding deadline passed). */
  'cancelled',
] as const;
export const ZMilestoneStatus = z.enum(MILESTONE_STATUSES);
export type TMilestoneStatus = z.infer<typeof ZMilestoneStatus>;

/** A milestone that can no longer change. */
export const isMilestoneEnded = (s: TMilestoneStatus) => s === 'released' || s === 'refunded' || s === 'cancelled';

/** What a party may do to one milestone now (the milestone's `allowedActions`). */
export const MILESTONE_ACTIONS = ['fund', 'deliver', 'confirm', 'dispute', 'cancel'] as const;
export const ZMilestoneAction = z.enum(MILESTONE_ACTIONS);
export type TMilestoneAction = z.infer<typeof ZMilestoneAction>;

export const MILESTONE_MESSAGES = {
  tooFew: 'Add at least one milestone',
  tooMany: `A deal can have at most ${MILESTONE_LIMITS.max} milestones`,
  titleRequired: 'Give each milestone a title',
  titleTooLong: `A milestone title must be at most ${MILESTONE_LIMITS.titleMaxLength} characters`,
  dueDateInvalid: 'A due date must be a valid date (YYYY-MM-DD)',
  amountIsNotTheSum: (sum: string) => `The amount must equal the sum of the milestones (${sum})`,
  notFound: 'Milestone not found',
  paidInStages:
    'This deal is paid in stages: fund, deliver and confirm each milestone on its own. It can be cancelled as a whole only before acceptance; after it, the seller may cancel the remaining stages',
  notStaged: 'This transaction is not paid in stages',
  milestoneRequired: 'Name the milestone in dispute',
  milestoneEnded: 'This milestone has already ended',
  alreadyFunded: 'This milestone has already been funded',
  notFunded: 'This milestone has not been funded yet',
  notAccepted: 'The seller must accept the deal first',
  notDelivered: 'The seller has not marked this milestone delivered yet',
  alreadyDelivered: 'This milestone has already been marked delivered',
  underDispute: 'This milestone is under dispute',
  dealEnded: 'This deal has ended',
  notDisputable: 'Only a funded milestone that has not been released can be disputed',
  lateCancelNotYet: 'You can cancel a funded milestone only when its delivery is late',
  fundSomething: 'Choose at least one unfunded milestone to pay',
  onlySellerCancelsRemaining:
    'Only the seller can cancel the remaining stages. As the buyer, you can cancel a funded milestone once its delivery is late, or open a dispute',
  cancelRemainingBeforeAcceptance: 'The seller has not accepted this deal yet: decline or cancel it as a whole',
  nothingToCancel: 'No stage is left to cancel: every milestone is delivered, in dispute or ended',
} as const;

function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const ZMilestoneInput = z.object({
  title: z
    .string({ error: MILESTONE_MESSAGES.titleRequired })
    .trim()
    .min(1, MILESTONE_MESSAGES.titleRequired)
    .max(MILESTONE_LIMITS.titleMaxLength, MILESTONE_MESSAGES.titleTooLong)
    .refine((s) => !hasControlCharacters(s), MESSAGES.generic.invalidCharacters),
  amount: ZAmountInput,
  dueDate: z
    .string()
    .refine(isRealDate, MILESTONE_MESSAGES.dueDateInvalid)
    .nullish()
    .transform((s) => s ?? undefined),
});
export type TMilestoneInput = z.input<typeof ZMilestoneInput>;

export const ZMilestoneInputs = z
  .array(ZMilestoneInput)
  .min(MILESTONE_LIMITS.min, MILESTONE_MESSAGES.tooFew)
  .max(MILESTONE_LIMITS.max, MILESTONE_MESSAGES.tooMany);

export interface CheckedMilestone {
  title: string;
  dueDate: string | null;
  amountMinor: bigint;
  feeMinor: bigint;
  totalMinor: bigint;
}

export type MilestonesCheck =
  | { ok: true; milestones: CheckedMilestone[]; amountMinor: bigint; feeMinor: bigint; totalMinor: bigint }
  | { ok: false; error: string; path: (string | number)[] };

/**
 * The one rule for a deal's milestones (the create form, the request schema and the server): 1 to 10,
 * each amount within the currency's limits with its own fee (3%, half-up); the deal's amount is their sum
 * (and, when `amount` is given, it must equal it), its fee the sum of their fees.
 */
export function checkMilestones(
  milestones: readonly { title: string; amount: string | number; dueDate?: string | null | undefined }[],
  currency: string,
  amount?: string | number,
): MilestonesCheck {
  if (milestones.length < MILESTONE_LIMITS.min) return { ok: false, error: MILESTONE_MESSAGES.tooFew, path: [] };
  if (milestones.length > MILESTONE_LIMITS.max) return { ok: false, error: MILESTONE_MESSAGES.tooMany, path: [] };
  const checked: CheckedMilestone[] = [];
  for (const [i, m] of milestones.entries()) {
    const title = m.title.trim();
    if (!title) return { ok: false, error: MILESTONE_MESSAGES.titleRequired, path: [i, 'title'] };
    const check = checkTransactionAmount(m.amount, currency);
    if (!check.valid) return { ok: false, error: check.error, path: [i, 'amount'] };
    checked.push({
      title,
      dueDate: m.dueDate ?? null,
      amountMinor: check.amountMinor,
      feeMinor: check.feeMinor,
      totalMinor: check.totalMinor,
    });
  }
  const sum = (pick: (m: CheckedMilestone) => bigint) => checked.reduce((s, m) => s + pick(m), 0n);
  const amountMinor = sum((m) => m.amountMinor);
  const whole = checkTransactionAmount(fromMinor(amountMinor, decimalsOf(currency)), currency);
  if (!whole.valid) return { ok: false, error: whole.error, path: [] };
  if (amount !== undefined) {
    const given = checkTransactionAmount(amount, currency);
    if (!given.valid || given.amountMinor !== amountMinor) {
      const shown = formatMoney(fromMinor(amountMinor, decimalsOf(currency)), currency);
      return { ok: false, error: MILESTONE_MESSAGES.amountIsNotTheSum(shown), path: ['amount'] };
    }
  }
  return {
    ok: true,
    milestones: checked,
    amountMinor,
    feeMinor: sum((m) => m.feeMinor),
    totalMinor: sum((m) => m.totalMinor),
  };
}

export const ZMilestoneParams = z.object({
  id: z.string().max(64),
  milestoneId: z.string().max(64),
});

/** `POST /api/transactions/:id/milestones/fund`: several milestones from the wallet in one payment. */
export const ZFundMilestonesRequest = z.object({
  milestoneIds: z.array(z.uuid()).min(1, MILESTONE_MESSAGES.fundSomething).max(MILESTONE_LIMITS.max),
});
export type TFundMilestonesRequest = z.infer<typeof ZFundMilestonesRequest>;

/** One milestone as its deal's parties see it. */
export const ZMilestone = z.object({
  id: z.string(),
  /** 1-based order in the deal. */
  position: z.number().int(),
  title: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  dueDate: z.string().nullable(),
  status: ZMilestoneStatus,
  fundedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  trackingReference: z.string().nullable(),
  deliveryMessage: z.string().nullable(),
  /** While delivered: when its money is released automatically. */
  autoReleaseAt: z.string().nullable(),
  /** While unfunded and its funding clock runs: when its deadline ends it. */
  cancelsAt: z.string().nullable(),
  /** While funded and not delivered: from when the buyer may cancel it for late delivery. */
  lateCancelFrom: z.string().nullable(),
  releasedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The case that holds (or held) it. */
  disputeId: z.string().nullable(),
  allowedActions: z.array(ZMilestoneAction),
});
export type TMilestone = z.infer<typeof ZMilestone>;
