import { eq } from 'drizzle-orm';
import {
  TRANSACTION_MESSAGES as M,
  canCreateTransactions,
  checkTransactionAmount,
  isConfirmationPhrase,
  type TTransaction,
} from '@holdfast/contracts';
import type { Db, Tx } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { appError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { fundEscrowFromWallet, refundEscrow, releaseEscrow } from '../../ledger/index.js';
import { creditCardPayment, loadTransactionForPayment } from './transactions.funding.js';
import {
  findSellerId,
  findTransactionView,
  listTransactionViews,
  lockTransaction,
  recordEvent,
  type TransactionRow,
} from './transactions.queries.js';
import { assertTransition, authorize, nextStatus, type TransactionAction } from './transactions.rules.js';

export interface CreateTransactionInput {
  amount: string | number;
  currency: string;
  /** Lower-cased by the request schema. */
  sellerEmail: string;
  description: string;
  type?: 'product' | 'service';
}

export interface AcceptInput {
  expectedDeliveryDate?: string;
  deliveryNotes?: string;
}

export interface CreateOptions {
  /**
   * Runs inside the creating database transaction with the caller's view of the new transaction, so
   * whatever it writes (the stored Idempotency-Key response) commits together with the row.
   */
  inTransaction?: (tx: Tx, view: TTransaction) => Promise<void>;
}

/** Escrow transactions: creation, the state machine's transitions and the money each one moves. */
export function createTransactionsService({ db }: { db: Db }) {
  async function view(id: string, user: SessionUser): Promise<TTransaction> {
    const found = await findTransactionView(db, id, user);
    if (!found) throw notFound(M.notFound);
    return found;
  }

  /**
   * Runs one state change: locks the row, checks who and what, applies `apply` in the same database
   * transaction (ledger entries included), records the transition, then returns the caller's fresh view.
   */
  async function change(
    user: SessionUser,
    id: string,
    action: TransactionAction,
    apply: (tx: Tx, t: TransactionRow) => Promise<void>,
    precheck?: () => void,
  ): Promise<TTransaction> {
    await db.transaction(async (tx) => {
      const t = await lockTransaction(tx, id);
      if (!t) throw notFound(M.notFound);
      authorize(t, user, action);
      precheck?.();
      assertTransition(action, t.status, t.paymentStatus);
      await apply(tx, t);
      const to = nextStatus(action, t.status);
      const label = action === 'fund' ? 'fund_from_wallet' : action;
      await recordEvent(tx, { transactionId: t.id, actorId: user.id, from: t.status, to, action: label });
    });
    return view(id, user);
  }

  async function create(user: SessionUser, input: CreateTransactionInput, options: CreateOptions = {}) {
    if (!canCreateTransactions(user.role)) throw forbidden(M.onlyBuyersCreate);
    const check = checkTransactionAmount(input.amount, input.currency);
    if (!check.valid) throw badRequest(check.error, { amount: check.error });
    const sellerEmail = input.sellerEmail.trim().toLowerCase();
    if (sellerEmail === user.email.toLowerCase()) throw badRequest(M.sellerIsBuyer, { sellerEmail: M.sellerIsBuyer });
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transactions)
        .values({
          buyerId: user.id,
          sellerEmail,
          amount: check.amountMinor,
          fee: check.feeMinor,
          total: check.totalMinor,
          currency: check.currency,
          description: input.description.trim(),
          type: input.type ?? 'product',
        })
        .returning({ id: transactions.id });
      await recordEvent(tx, { transactionId: row.id, actorId: user.id, from: 'none', to: 'pending', action: 'create' });
      const created = await findTransactionView(tx, row.id, user);
      if (!created) throw notFound(M.notFound);
      await options.inTransaction?.(tx, created);
      return created;
    });
  }

  function accept(user: SessionUser, id: string, input: AcceptInput) {
    return change(user, id, 'accept', async (tx, t) => {
      const now = new Date();
      await tx
        .update(transactions)
        .set({
          status: 'active',
          acceptedAt: now,
          updatedAt: now,
          expectedDeliveryDate: input.expectedDeliveryDate ?? null,
          deliveryNotes: input.deliveryNotes ?? null,
        })
        .where(eq(transactions.id, t.id));
    });
  }

  /** Decline (seller) or cancel (either party) before acceptance; funded money returns to the buyer's wallet. */
  function cancel(user: SessionUser, id: string, action: 'decline' | 'cancel') {
    return change(user, id, action, async (tx, t) => {
      const funded = t.paymentStatus === 'succeeded';
      if (funded) {
        await refundEscrow(tx, {
          transactionId: t.id,
          buyerId: t.buyerId,
          currency: t.currency,
          total: t.total,
          memo: action === 'decline' ? 'Declined by the seller' : 'Cancelled before acceptance',
        });
      }
      const now = new Date();
      await tx
        .update(transactions)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          updatedAt: now,
          ...(funded ? { paymentStatus: 'refunded' } : {}),
        })
        .where(eq(transactions.id, t.id));
    });
  }

  /** The buyer confirms receipt: escrow pays the fee to fees and the amount to the seller's wallet. */
  function confirm(user: SessionUser, id: string, phrase: string) {
    return change(
      user,
      id,
      'confirm',
      async (tx, t) => {
        const sellerId = await findSellerId(tx, t.sellerEmail);
        if (!sellerId) throw appError('SELLER_MISSING', M.sellerMissing);
        await releaseEscrow(tx, {
          transactionId: t.id,
          sellerId,
          currency: t.currency,
          amount: t.amount,
          fee: t.fee,
        });
        const now = new Date();
        await tx
          .update(transactions)
          .set({ status: 'completed', completedAt: now, updatedAt: now })
          .where(eq(transactions.id, t.id));
      },
      // After who-may-act (a stranger learns nothing) and before the state check, as the spec's client expects.
      () => {
        if (!isConfirmationPhrase(phrase)) throw badRequest(M.wrongPhrase, { confirmationPhrase: M.wrongPhrase });
      },
    );
  }

  /** The buyer pays the total from their wallet in the transaction's currency into escrow. */
  function fundFromWallet(user: SessionUser, id: string) {
    return change(user, id, 'fund', async (tx, t) => {
      await fundEscrowFromWallet(tx, {
        transactionId: t.id,
        buyerId: t.buyerId,
        currency: t.currency,
        total: t.total,
      });
      await tx
        .update(transactions)
        .set({ paymentStatus: 'succeeded', updatedAt: new Date() })
        .where(eq(transactions.id, t.id));
    });
  }

  return {
    create,
    list: (user: SessionUser) => listTransactionViews(db, user),
    get: (user: SessionUser, id: string) => view(id, user),
    accept,
    cancel,
    confirm,
    fundFromWallet,
    /** The transaction `user` is about to pay by card (payments module); refuses as funding would. */
    loadForCardPayment: (user: SessionUser, transactionId: string) =>
      loadTransactionForPayment(db, transactionId, user),
    /** Credits a confirmed card payment inside the payments module's database transaction. */
    creditCardPayment,
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
