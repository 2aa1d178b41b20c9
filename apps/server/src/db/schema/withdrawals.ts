import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'failed'] as const;

/**
 * Money leaving a wallet for a bank account. Requested: wallet → payouts_pending at once; the payout
 * provider then pays it (paid) or fails and the money returns to the wallet (failed), exactly once.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('pending'),
    /** The payout provider (`sandbox`, `stripe`) and its id for the payout. */
    provider: text('provider').notNull(),
    providerPayoutId: text('provider_payout_id'),
    accountHolderName: text('account_holder_name').notNull(),
    /** Only the last four digits are kept; the full number goes to the provider and nowhere else. */
    accountLast4: text('account_last4').notNull(),
    /** Whether accountLast4 ends an account number or an IBAN. */
    accountType: text('account_type', { enum: ['account', 'iban'] })
      .notNull()
      .default('account'),
    /** The rest of the destination as the bank needs it, by currency (null where the currency asks none). */
    bankName: text('bank_name'),
    branchCode: text('branch_code'),
    bic: text('bic'),
    routingNumber: text('routing_number'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user_id_idx').on(t.userId, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);
