import { isStaff, MESSAGES, RECORDS_MESSAGES } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { appError, notFound } from '../../lib/errors.js';
import { relationOf } from '../transactions/index.js';
import { dealMoney } from './receipt-facts.js';
import {
  depositReceiptPdf,
  personLabel,
  referenceOf,
  transactionReceiptPdf,
  withdrawalReceiptPdf,
} from './receipt-pdf.js';
import {
  findDepositPosting,
  findTransactionForReceipt,
  findWithdrawalForReceipt,
  transactionPostings,
} from './receipts.queries.js';

export interface Receipt {
  fileName: string;
  pdf: Buffer;
}

/**
 * PDF receipts of finished deals, deposits and withdrawals, for the people they concern and for staff.
 * Every amount is read from the ledger's postings, never recomputed from the deal's figures. A stranger
 * learns nothing: 404 as for any record they may not see.
 */
export function createReceiptsService({ db }: { db: Db }) {
  return {
    async transaction(user: SessionUser, id: string): Promise<Receipt> {
      const found = await findTransactionForReceipt(db, id);
      if (!found || !relationOf(found.t, user).viewerRole) throw notFound(MESSAGES.generic.notFound);
      const { t } = found;
      const money = dealMoney(t.buyerId, await transactionPostings(db, t.id));
      if (!money || (t.status !== 'completed' && t.status !== 'cancelled')) {
        throw appError('NOT_FINISHED', RECORDS_MESSAGES.receiptNotReady);
      }
      const pdf = await transactionReceiptPdf({
        id: t.id,
        description: t.description,
        type: t.type,
        currency: t.currency,
        amount: t.amount,
        createdAt: t.createdAt,
        buyer: personLabel({ ...found.buyer, email: found.buyer.email ?? '' }),
        seller: found.seller.email ? personLabel({ ...found.seller, email: found.seller.email }) : t.sellerEmail,
        money,
      });
      return { fileName: `holdfast-receipt-${referenceOf(t.id)}.pdf`, pdf };
    },

    async deposit(user: SessionUser, paymentId: string): Promise<Receipt> {
      const found = await findDepositPosting(db, paymentId);
      if (!found || (found.userId !== user.id && !isStaff(user.role))) throw notFound(MESSAGES.generic.notFound);
      const pdf = await depositReceiptPdf({
        paymentId,
        owner: personLabel(found),
        currency: found.currency,
        amount: found.amount,
        balanceAfter: found.balanceAfter,
        at: found.at,
      });
      return { fileName: `holdfast-deposit-${paymentId.replace(/[^\w-]/g, '')}.pdf`, pdf };
    },

    async withdrawal(user: SessionUser, id: string): Promise<Receipt> {
      const found = await findWithdrawalForReceipt(db, id);
      if (!found || (found.w.userId !== user.id && !isStaff(user.role))) throw notFound(MESSAGES.generic.notFound);
      const { w, moves } = found;
      const sum = (kind: string) => moves.filter((m) => m.kind === kind).reduce((a, m) => a + m.amount, 0n);
      const pdf = await withdrawalReceiptPdf({
        id: w.id,
        owner: personLabel(found.owner),
        holder: w.accountHolderName,
        accountLast4: w.accountLast4,
        currency: w.currency,
        status: w.status,
        withdrawn: -sum('withdrawal'),
        returned: sum('payout_returned'),
        requestedAt: w.createdAt,
        settledAt: w.settledAt,
        failureReason: w.failureReason,
      });
      return { fileName: `holdfast-withdrawal-${w.id.slice(0, 8)}.pdf`, pdf };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
