import { and, eq, inArray } from 'drizzle-orm';
import { TRANSACTION_MESSAGES as M, type TPaymentStatus, type TTransactionStatus } from '@holdfast/contracts';
import type { DbOrTx, Tx } from '../../db/client.js';
import { journalEntries, transactions } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { notFound } from '../../lib/errors.js';
import {
  LedgerError,
  cardFundingEntry,
  cardPaymentToWalletEntry,
  milestoneCardFundingEntry,
  postEntry,
} from '../../ledger/index.js';
import { MILESTONE_MESSAGES } from '@holdfast/contracts';
import { AppError } from '../../lib/errors.js';
import { assertMilestoneAction, milestoneOf, milestoneProblem } from './transactions.milestone-rules.js';
import { fundMilestones } from './transactions.milestone-transitions.js';
import { listMilestones } from './transactions.milestones.queries.js';
import { lockTransaction, recordEvent } from './transactions.queries.js';
import { markFunded } from './transactions.transitions.js';
import { isUuid } from '../../lib/uuid.js';
import { assertTransition, authorize, isStaged, transitionProblem } from './transactions.rules.js';

export interface CardPayment {
  transactionId: string;
  /** The provider's payment id; one payment credits at most once. */
  paymentId: string;
  provider: string;
  amountMinor: bigint;
  currency: string;
  /** A deal paid in stages: the milestones the payment was started for (decision 033). */
  milestoneIds?: readonly string[] | null;
}

/**
 * Credits a confirmed card payment, inside the caller's database transaction (the payments module
 * dedupes provider events in the same one). Funds escrow when the transaction still needs exactly this
 * money; otherwise (already funded, cancelled, completed, or another amount) the money goes to the
 * buyer's wallet so it never vanishes. A payment id already credited is not credited again. `now` is
 * the product's clock (the funding time the unaccepted deadline counts from).
 */
export async function creditCardPayment(tx: Tx, p: CardPayment, now: Date): Promise<'funded' | 'refunded_to_wallet'> {
  if (p.amountMinor <= 0n) throw new LedgerError('card payment amount must be positive');
  const t = await lockTransaction(tx, p.transactionId);
  if (!t) throw notFound(M.notFound);

  const [previous] = await tx
    .select({ kind: journalEntries.kind })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.paymentId, p.paymentId),
        inArray(journalEntries.kind, ['card_funding', 'overpayment_refund']),
      ),
    )
    .limit(1);
  if (previous) return previous.kind === 'card_funding' ? 'funded' : 'refunded_to_wallet';

  const payment = {
    transactionId: t.id,
    buyerId: t.buyerId,
    currency: p.currency,
    amount: p.amountMinor,
    provider: p.provider,
    paymentId: p.paymentId,
  };
  if (isStaged(t)) {
    // Funds exactly the milestones it was started for, while each is still unfunded; otherwise the wallet.
    const milestones = await listMilestones(tx, t.id);
    const targets = milestones.filter((m) => p.milestoneIds?.includes(m.id));
    const fundable =
      targets.length > 0 &&
      targets.length === new Set(p.milestoneIds).size &&
      targets.every((m) => milestoneProblem('fund', t, m, now) === null) &&
      t.currency === p.currency &&
      targets.reduce((sum, m) => sum + m.total, 0n) === p.amountMinor;
    if (fundable) {
      const shares = targets.map((m) => ({ milestoneId: m.id, total: m.total }));
      await fundMilestones(tx, t, milestones, targets, {
        actorId: null,
        action: 'milestone_funded_by_card',
        now,
        entry: milestoneCardFundingEntry({ ...payment, milestones: shares }),
      });
      return 'funded';
    }
  }
  const fundable =
    !isStaged(t) &&
    transitionProblem('fund', t.status, t.paymentStatus) === null &&
    t.currency === p.currency &&
    t.total === p.amountMinor;

  if (fundable) {
    await markFunded(tx, t, { actorId: null, action: 'funded_by_card', now, entry: cardFundingEntry(payment) });
    return 'funded';
  }

  await postEntry(tx, cardPaymentToWalletEntry(payment));
  await recordEvent(tx, {
    transactionId: t.id,
    actorId: null,
    from: t.status,
    to: t.status,
    action: 'card_payment_credited_to_wallet',
    at: now,
  });
  return 'refunded_to_wallet';
}

export interface TransactionForPayment {
  /** A deal paid in stages: the milestones this payment funds (their totals make `total`); absent otherwise. */
  milestoneIds?: string[];
  id: string;
  buyerId: string;
  total: bigint;
  currency: string;
  status: TTransactionStatus;
  paymentStatus: TPaymentStatus;
}

/**
 * The transaction a user is about to pay by card, refused exactly as funding it would be: 404 for
 * strangers, 403 for the seller or staff, 409 when it can no longer be funded.
 */
export async function loadTransactionForPayment(
  db: DbOrTx,
  transactionId: string,
  user: SessionUser,
  milestoneIds?: readonly string[] | null,
  /** The product's clock (the milestone rules read it). */
  now: Date = new Date(),
): Promise<TransactionForPayment> {
  if (!isUuid(transactionId)) throw notFound(M.notFound);
  const [t] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!t) throw notFound(M.notFound);
  authorize(t, user, 'fund');
  if (isStaged(t)) {
    // The named milestones, or the next one still unfunded (what the spec's checkout page pays).
    const milestones = await listMilestones(db, t.id);
    const targets = milestoneIds?.length
      ? [...new Set(milestoneIds)].map((id) => milestoneOf(milestones, id))
      : milestones.filter((m) => m.status === 'unfunded').slice(0, 1);
    if (!targets.length) throw new AppError('ALREADY_FUNDED', MILESTONE_MESSAGES.alreadyFunded);
    for (const m of targets) assertMilestoneAction('fund', t, m, now);
    return {
      id: t.id,
      buyerId: t.buyerId,
      total: targets.reduce((sum, m) => sum + m.total, 0n),
      currency: t.currency,
      status: t.status,
      paymentStatus: t.paymentStatus,
      milestoneIds: targets.map((m) => m.id),
    };
  }
  assertTransition('fund', t.status, t.paymentStatus);
  return {
    id: t.id,
    buyerId: t.buyerId,
    total: t.total,
    currency: t.currency,
    status: t.status,
    paymentStatus: t.paymentStatus,
  };
}
