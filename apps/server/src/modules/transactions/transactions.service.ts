import {
  ESCROW_TIMERS,
  INVITATION_RESEND_INTERVAL_MINUTES,
  type TResendInvitationResponse,
  TRANSACTION_MESSAGES as M,
  canCreateTransactions,
  checkMilestones,
  checkTransactionAmount,
  isConfirmationPhrase,
  type TTransaction,
  type TTransactionListQuery,
  type TTransactionStats,
} from '@holdfast/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { eq } from 'drizzle-orm';
import { transactions } from '../../db/schema/index.js';
import { appError, badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { etagValidUntil, matchingEtag } from '../../lib/etag.js';
import type { Page } from '../../lib/cursor.js';
import { withStoredAnswer, type StoreAnswer } from '../../lib/idempotency.js';
import { walletFundingEntry } from '../../ledger/index.js';
import { notify, notifyJob, tellingTierLimits } from '../notifications/index.js';
import { assertTransactionWithinTier } from '../verification/index.js';
import { creditCardPayment, loadTransactionForPayment, type CardPayment } from './transactions.funding.js';
import {
  countTransactionsByStatus,
  findTransactionView,
  insertTransaction,
  listTransactionViews,
  lockTransaction,
  lockTransactionWithParties,
  recordEvent,
  transactionView,
  transactionViewWithOutcome,
  type TransactionRow,
} from './transactions.queries.js';
import { listEtag } from './transactions.list-version.js';
import { successRateOf } from './transactions.success-rate.js';
import {
  assertAction,
  authorize,
  cancelEnding,
  isStaged,
  relationOf,
  type TransactionAction,
} from './transactions.rules.js';
import type { MilestoneRow } from './transactions.milestone-rules.js';
import { cancelStagedDeal, milestoneDeadlineJob, type StagedResult } from './transactions.milestone-transitions.js';
import { insertMilestones, listMilestones } from './transactions.milestones.queries.js';
import { createMilestoneChanges } from './transactions.milestones.service.js';
import {
  accept as acceptDeal,
  cancelAndRefund,
  markDelivered,
  markFunded,
  releaseToSeller,
  unfundedDeadlineJob,
} from './transactions.transitions.js';

export interface CreateTransactionInput {
  amount: string | number;
  currency: string;
  /** Lower-cased by the request schema. */
  sellerEmail: string;
  description: string;
  type?: 'product' | 'service';
  /** Days of inspection after delivery (validated by the request schema). */
  inspectionDays?: number;
  /** Pay in stages (decision 033): the milestones, whose amounts sum to `amount`. */
  milestones?: { title: string; amount: string | number; dueDate?: string | null | undefined }[];
}

export interface DeliverInput {
  trackingReference?: string;
  note?: string;
}

export interface AcceptInput {
  expectedDeliveryDate?: string;
  deliveryNotes?: string;
}

/** Escrow transactions: creation, the state machine's transitions and the money each one moves. */
export function createTransactionsService({
  db,
  clock,
  scheduler,
  log,
}: {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  log?: FastifyBaseLogger;
}) {
  /**
   * A page of `user`'s transactions with its ETag (transactions.list-version.ts); the page is null, and
   * not built, when `ifNoneMatch` already names that tag: the caller's copy is current.
   */
  async function list(
    user: SessionUser,
    query: TTransactionListQuery,
    ifNoneMatch?: string,
  ): Promise<{ etag: string; page: Page<TTransaction> | null }> {
    const now = clock.now();
    const etag = await listEtag(db, user, query);
    const current = matchingEtag(ifNoneMatch, etag, now);
    if (current) return { etag: current, page: null };
    const page = await listTransactionViews(db, user, query, now);
    // The rows' versions make the tag; the clock alone may open an action (allowedActionsChangeAt).
    return { etag: etagValidUntil(etag, page.actionsChangeAt), page };
  }

  async function view(id: string, user: SessionUser): Promise<TTransaction> {
    const found = await findTransactionView(db, id, user, clock.now());
    if (!found) throw notFound(M.notFound);
    return found;
  }

  /**
   * Runs one party's state change, the one path of every change a person makes: locks the row (read with
   * its parties in the same statement), checks who and what at the clock's time, applies `apply` in the
   * same database transaction (its transition writes the change, history, jobs and money through
   * commitChange), lets the job worker know, then returns the caller's view built from the updated row and
   * the parties already read; `answer` stores that view as the Idempotency-Key answer in the same
   * transaction. The timers take the same transitions with the system as the actor.
   */
  async function change(
    user: SessionUser,
    id: string,
    action: TransactionAction,
    apply: (tx: Tx, t: TransactionRow, now: Date, milestones: MilestoneRow[]) => Promise<TransactionRow | StagedResult>,
    options: { precheck?: () => void; answer?: StoreAnswer<TTransaction> } = {},
  ): Promise<TTransaction> {
    const changed = await db.transaction(async (tx) => {
      const locked = await lockTransactionWithParties(tx, id);
      if (!locked) throw notFound(M.notFound);
      const t = locked.t;
      authorize(t, user, action);
      options.precheck?.();
      const now = clock.now();
      assertAction(action, t, relationOf(t, user).isBuyer ? 'buyer' : 'seller', now);
      // A deal paid in stages: its milestones, read under the deal's lock (which guards them too).
      const milestones = isStaged(t) ? await listMilestones(tx, t.id) : [];
      const done = await apply(tx, t, now, milestones);
      const after = 'milestones' in done ? done : { t: done, milestones };
      const view = await transactionViewWithOutcome(tx, { ...locked, t: after.t }, user, now, after.milestones);
      if (view) await options.answer?.(tx, view);
      return view;
    });
    scheduler.kick();
    if (!changed) throw notFound(M.notFound);
    return changed;
  }

  /** `answer` stores the caller's view of the new transaction as the Idempotency-Key answer, with the row. */
  async function create(user: SessionUser, input: CreateTransactionInput, answer?: StoreAnswer<TTransaction>) {
    if (!canCreateTransactions(user.role)) throw forbidden(M.onlyBuyersCreate);
    const check = checkTransactionAmount(input.amount, input.currency);
    if (!check.valid) throw badRequest(check.error, { amount: check.error });
    const sellerEmail = input.sellerEmail.trim().toLowerCase();
    if (sellerEmail === user.email.toLowerCase()) throw badRequest(M.sellerIsBuyer, { sellerEmail: M.sellerIsBuyer });
    // A per-deal limit of the buyer's verification tier: nothing to count, so no lock is needed.
    await assertTransactionWithinTier(db, user.id, check.amountMinor, check.currency);
    const stages = input.milestones ? checkMilestones(input.milestones, input.currency, input.amount) : null;
    if (stages && !stages.ok) {
      const field = stages.path[0] === 'amount' ? 'amount' : ['milestones', ...stages.path].join('.');
      throw badRequest(stages.error, { [field]: stages.error });
    }
    const milestones = stages?.ok ? stages.milestones.map((m) => ({ ...m, id: randomUUID() })) : [];
    // One statement: the row, its history, its unfunded deadline and its notification (writable CTEs),
    // read back with the seller's account. The id is made here so every row can name it.
    const write = async (on: DbOrTx) => {
      const now = clock.now();
      const id = randomUUID();
      const row = await insertTransaction(
        on,
        {
          id,
          buyerId: user.id,
          sellerEmail,
          // A deal paid in stages: the sums of its milestones (the fee is the sum of their fees).
          amount: stages?.ok ? stages.amountMinor : check.amountMinor,
          fee: stages?.ok ? stages.feeMinor : check.feeMinor,
          total: stages?.ok ? stages.totalMinor : check.totalMinor,
          milestoneCount: milestones.length,
          currency: check.currency,
          description: input.description.trim(),
          type: input.type ?? 'product',
          inspectionDays: input.inspectionDays ?? ESCROW_TIMERS.inspectionDays.default,
          now,
        },
        [
          // A deal paid in stages: its first milestone's funding clock runs from creation (the next ones' from
          // the end of the one before).
          milestones[0] ? milestoneDeadlineJob(id, milestones[0].id, now) : unfundedDeadlineJob(id, now),
          notifyJob({ type: 'transaction.created', transactionId: id }, now),
        ],
      );
      const stagesWritten = milestones.length
        ? await insertMilestones(
            on,
            milestones.map((m, i) => ({
              id: m.id,
              transactionId: id,
              position: i + 1,
              title: m.title,
              amount: m.amountMinor,
              fee: m.feeMinor,
              total: m.totalMinor,
              dueDate: m.dueDate,
              fundingClockFrom: i === 0 ? now : null,
              updatedAt: now,
            })),
          )
        : [];
      const buyer = { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
      const found = transactionView({ t: row.t, buyer, seller: row.seller }, user, now, undefined, stagesWritten);
      if (!found) throw notFound(M.notFound);
      return found;
    };
    // The statement is atomic by itself; a database transaction only when the answer must commit with it,
    // or when a deal paid in stages writes its milestones beside it.
    const created =
      milestones.length && !answer
        ? await db.transaction((tx) => write(tx))
        : await withStoredAnswer(db, answer, write);
    scheduler.kick();
    return created;
  }

  const staged = createMilestoneChanges({ db, clock, scheduler });

  function accept(user: SessionUser, id: string, input: AcceptInput, answer?: StoreAnswer<TTransaction>) {
    return change(
      user,
      id,
      'accept',
      async (tx, t, now) => {
        // The seller's tier must cover the deal too: accepting is what lets the money reach them.
        await assertTransactionWithinTier(tx, user.id, t.amount, t.currency);
        return acceptDeal(tx, t, {
          actorId: user.id,
          now,
          expectedDeliveryDate: input.expectedDeliveryDate ?? null,
          deliveryNotes: input.deliveryNotes ?? null,
        });
      },
      { answer },
    );
  }

  /**
   * Decline (seller) or cancel (either party) before acceptance, or the buyer's cancel of an accepted
   * deal whose delivery is late; funded money returns to the buyer's wallet.
   */
  function cancel(user: SessionUser, id: string, action: 'decline' | 'cancel', answer?: StoreAnswer<TTransaction>) {
    return change(
      user,
      id,
      action,
      (tx, t, now, milestones) => {
        const ending = cancelEnding(action, t.status);
        return isStaged(t)
          ? cancelStagedDeal(tx, t, milestones, { actorId: user.id, now, ending })
          : cancelAndRefund(tx, t, { actorId: user.id, now, ending });
      },
      { answer },
    );
  }

  /** The buyer confirms receipt: escrow pays the fee to fees and the amount to the seller's wallet. */
  function confirm(user: SessionUser, id: string, phrase: string, answer?: StoreAnswer<TTransaction>) {
    return change(
      user,
      id,
      'confirm',
      (tx, t, now) => releaseToSeller(tx, t, { actorId: user.id, now, automatic: false }),
      {
        // After who-may-act (a stranger learns nothing) and before the state check, as the spec's client expects.
        precheck: () => {
          if (!isConfirmationPhrase(phrase)) throw badRequest(M.wrongPhrase, { confirmationPhrase: M.wrongPhrase });
        },
        answer,
      },
    );
  }

  /** The seller marks an accepted, funded transaction delivered: the buyer's inspection period starts. */
  function deliver(user: SessionUser, id: string, input: DeliverInput, answer?: StoreAnswer<TTransaction>) {
    return change(
      user,
      id,
      'deliver',
      (tx, t, now) =>
        markDelivered(tx, t, { actorId: user.id, now, trackingReference: input.trackingReference, note: input.note }),
      { answer },
    );
  }

  /** The buyer pays the total from their wallet in the transaction's currency into escrow. */
  function fundFromWallet(user: SessionUser, id: string, answer?: StoreAnswer<TTransaction>) {
    return change(
      user,
      id,
      'fund',
      (tx, t, now) =>
        markFunded(tx, t, {
          actorId: user.id,
          action: 'fund_from_wallet',
          now,
          entry: walletFundingEntry({ transactionId: t.id, buyerId: t.buyerId, currency: t.currency, total: t.total }),
        }),
      { answer },
    );
  }

  /**
   * The buyer sends the invitation email to a seller address with no account again (the same email as at
   * creation: the `transaction.created` notification of a deal without a seller), at most once an hour
   * counted from the last one sent. Recorded in the deal's history, so both the timeline and the limit read it.
   */
  async function resendInvitation(user: SessionUser, id: string): Promise<TResendInvitationResponse> {
    const sentAt = await db.transaction(async (tx) => {
      const t = await lockTransaction(tx, id);
      if (!t) throw notFound(M.notFound);
      const rel = relationOf(t, user);
      if (!rel.viewerRole) throw notFound(M.notFound);
      if (!rel.isBuyer) throw forbidden(M.onlyBuyerResend);
      if (t.status === 'cancelled') throw appError('ALREADY_CANCELLED', M.alreadyCancelled);
      if (t.sellerId || t.status !== 'pending') throw appError('SELLER_JOINED', M.sellerJoined);
      const now = clock.now();
      const last = t.invitationSentAt ?? t.createdAt;
      if (now.getTime() - last.getTime() < INVITATION_RESEND_INTERVAL_MINUTES * 60_000) {
        throw tooManyRequests(M.resendTooSoon);
      }
      await tx.update(transactions).set({ invitationSentAt: now, updatedAt: now }).where(eq(transactions.id, t.id));
      await recordEvent(tx, {
        transactionId: t.id,
        actorId: user.id,
        from: t.status,
        to: t.status,
        action: 'invitation_resent',
        at: now,
      });
      await notify(tx, { type: 'transaction.created', transactionId: t.id }, now);
      return now;
    });
    scheduler.kick();
    return { invitationSentAt: sentAt.toISOString() };
  }

  // A refusal by the caller's verification tier (creating or accepting a deal above it) also tells them
  // in the bell, after the refused call wrote nothing (notifications module).
  const tiers = { db, clock, log };
  return {
    create: (...args: Parameters<typeof create>) => tellingTierLimits(tiers, args[0].id, () => create(...args)),
    list,
    resendInvitation,
    stats: async (user: SessionUser): Promise<TTransactionStats> => {
      const [counts, rate] = await Promise.all([countTransactionsByStatus(db, user), successRateOf(db, user)]);
      return { ...counts, successRate: rate };
    },
    get: (user: SessionUser, id: string) => view(id, user),
    accept: (...args: Parameters<typeof accept>) => tellingTierLimits(tiers, args[0].id, () => accept(...args)),
    cancel,
    confirm,
    deliver,
    fundFromWallet,
    ...staged,
    /** The transaction `user` is about to pay by card (payments module); refuses as funding would. */
    loadForCardPayment: (user: SessionUser, transactionId: string, milestoneIds?: readonly string[] | null) =>
      loadTransactionForPayment(db, transactionId, user, milestoneIds, clock.now()),
    /** Credits a confirmed card payment inside the payments module's database transaction. */
    creditCardPayment: (tx: Tx, payment: CardPayment) => creditCardPayment(tx, payment, clock.now()),
    /** After the payments module committed a card payment: the jobs it queued (notifications) run soon. */
    kickJobs: () => scheduler.kick(),
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
