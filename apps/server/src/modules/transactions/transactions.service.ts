import { eq } from 'drizzle-orm';
import {
  TRANSACTION_MESSAGES as M,
  checkTransactionAmount,
  isConfirmationPhrase,
  type TTransaction,
} from '@holdfast/contracts';
import type { Db, Tx } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { postEntry } from '../../ledger/index.js';
import {
  findSellerId,
  findTransactionView,
  listTransactionViews,
  lockTransaction,
  recordEvent,
  type TransactionRow,
} from './transactions.queries.js';
import { nextStatus, relationOf, transitionConflict, type TransactionAction } from './transactions.rules.js';

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

/** Who may do what: 404 hides the transaction from strangers, 403 names the party who may act. */
const PERMITTED: Record<TransactionAction, { who: 'buyer' | 'seller' | 'party'; denied: string }> = {
  accept: { who: 'seller', denied: M.onlySellerAccept },
  decline: { who: 'seller', denied: M.onlySellerDecline },
  cancel: { who: 'party', denied: M.onlyPartiesCancel },
  confirm: { who: 'buyer', denied: M.onlyBuyerConfirm },
  fund: { who: 'buyer', denied: M.onlyBuyerFund },
};

function authorize(t: TransactionRow, user: SessionUser, action: TransactionAction) {
  const rel = relationOf(t, user);
  const rule = PERMITTED[action];
  const allowed =
    rule.who === 'buyer' ? rel.isBuyer : rule.who === 'seller' ? rel.isSeller : rel.isBuyer || rel.isSeller;
  if (allowed) return;
  if (rel.isUnverifiedSeller && rule.who !== 'buyer') throw forbidden(M.verifyEmailFirst);
  if (!rel.viewerRole) throw notFound(M.notFound);
  throw forbidden(rule.denied);
}

/**
 * Runs one state change: locks the row, checks who and what, applies `change` in the same database
 * transaction (ledger entries included), then returns the caller's fresh view.
 */
async function change(
  db: Db,
  user: SessionUser,
  id: string,
  action: TransactionAction,
  apply: (tx: Tx, t: TransactionRow) => Promise<void>,
  precheck?: (t: TransactionRow) => void,
): Promise<TTransaction> {
  await db.transaction(async (tx) => {
    const t = await lockTransaction(tx, id);
    if (!t) throw notFound(M.notFound);
    authorize(t, user, action);
    precheck?.(t);
    const problem = transitionConflict(action, t.status, t.paymentStatus);
    if (problem) throw conflict(problem);
    await apply(tx, t);
    const to = nextStatus(action, t.status);
    const label = action === 'fund' ? 'fund_from_wallet' : action;
    await recordEvent(tx, { transactionId: t.id, actorId: user.id, from: t.status, to, action: label });
  });
  const view = await findTransactionView(db, id, user);
  if (!view) throw notFound(M.notFound);
  return view;
}

export interface CreateOptions {
  /**
   * Runs inside the creating database transaction with the caller's view of the new transaction, so
   * whatever it writes (the stored Idempotency-Key response) commits together with the row.
   */
  inTransaction?: (tx: Tx, view: TTransaction) => Promise<void>;
}

export async function createTransaction(
  db: Db,
  user: SessionUser,
  input: CreateTransactionInput,
  options: CreateOptions = {},
): Promise<TTransaction> {
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
    const view = await findTransactionView(tx, row.id, user);
    if (!view) throw notFound(M.notFound);
    await options.inTransaction?.(tx, view);
    return view;
  });
}

export async function listTransactions(db: Db, user: SessionUser) {
  return listTransactionViews(db, user);
}

export async function getTransaction(db: Db, user: SessionUser, id: string) {
  const view = await findTransactionView(db, id, user);
  if (!view) throw notFound(M.notFound);
  return view;
}

export function acceptTransaction(db: Db, user: SessionUser, id: string, input: AcceptInput) {
  return change(db, user, id, 'accept', async (tx, t) => {
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
export function cancelTransaction(db: Db, user: SessionUser, id: string, action: 'decline' | 'cancel') {
  return change(db, user, id, action, async (tx, t) => {
    const funded = t.paymentStatus === 'succeeded';
    if (funded) {
      await postEntry(tx, {
        kind: 'refund',
        transactionId: t.id,
        userId: t.buyerId,
        memo: action === 'decline' ? 'Declined by the seller' : 'Cancelled before acceptance',
        postings: [
          { account: { type: 'escrow', transactionId: t.id, currency: t.currency }, amount: -t.total },
          { account: { type: 'wallet', userId: t.buyerId, currency: t.currency }, amount: t.total },
        ],
      });
    }
    const now = new Date();
    await tx
      .update(transactions)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, ...(funded ? { paymentStatus: 'refunded' } : {}) })
      .where(eq(transactions.id, t.id));
  });
}

/** The buyer confirms receipt: escrow pays the fee to fees and the amount to the seller's wallet. */
export function confirmTransaction(db: Db, user: SessionUser, id: string, phrase: string) {
  return change(
    db,
    user,
    id,
    'confirm',
    async (tx, t) => {
      const sellerId = await findSellerId(tx, t.sellerEmail);
      if (!sellerId) throw conflict(M.sellerMissing);
      await postEntry(tx, {
        kind: 'release',
        transactionId: t.id,
        userId: sellerId,
        memo: 'Buyer confirmed receipt',
        postings: [
          { account: { type: 'escrow', transactionId: t.id, currency: t.currency }, amount: -t.total },
          { account: { type: 'fees', currency: t.currency }, amount: t.fee },
          { account: { type: 'wallet', userId: sellerId, currency: t.currency }, amount: t.amount },
        ],
      });
      const now = new Date();
      await tx
        .update(transactions)
        .set({ status: 'completed', completedAt: now, updatedAt: now })
        .where(eq(transactions.id, t.id));
    },
    () => {
      if (!isConfirmationPhrase(phrase)) throw badRequest(M.wrongPhrase, { confirmationPhrase: M.wrongPhrase });
    },
  );
}

/** The buyer pays the total from their wallet in the transaction's currency into escrow. */
export function fundFromWallet(db: Db, user: SessionUser, id: string) {
  return change(db, user, id, 'fund', async (tx, t) => {
    await postEntry(tx, {
      kind: 'wallet_funding',
      transactionId: t.id,
      userId: t.buyerId,
      memo: 'Funded from wallet',
      postings: [
        { account: { type: 'wallet', userId: t.buyerId, currency: t.currency }, amount: -t.total },
        { account: { type: 'escrow', transactionId: t.id, currency: t.currency }, amount: t.total },
      ],
    });
    await tx
      .update(transactions)
      .set({ paymentStatus: 'succeeded', updatedAt: new Date() })
      .where(eq(transactions.id, t.id));
  });
}
