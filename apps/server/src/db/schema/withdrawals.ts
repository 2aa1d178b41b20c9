import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const WITHDRAWAL_STATUSES = ['pending', 'held', 'paid', 'failed'] as const;

/**
 * Money leaving a wallet for a bank account. Requested: wallet → payouts_pending at once; the payout
 * provider then pays it (paid) or fails and the money returns to the wallet (failed), exactly once. A
 * withdrawal held for a compliance review (held) keeps its money in payouts_pending until staff release it
 * (pending, paid out as usual) or reject it (failed, the money back in the wallet).
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
    /**
     * Canada's 3-digit institution number: a code for the bank, which no other column means (bank_name is a
     * name people read, routing_number the US's checksummed ABA number), so it has its own.
     */
    institutionNumber: text('institution_number'),
    /**
     * The code of the branch, whatever its country calls it, as digits: the South African branch code, the
     * Canadian transit number (5 digits), the Australian BSB (6 digits, shown 062-000). The same meaning
     * (the branch the account is held at, which the bank's clearing needs), so one column; the currency
     * says which it is (BANK_FORM_OF).
     */
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

export const WITHDRAWAL_HOLD_REASONS = ['sanctions_screening'] as const;
export const WITHDRAWAL_HOLD_DECISIONS = ['released', 'rejected'] as const;

/** What a screening found: the list entry a name resembles, and how closely (sanctions/sanctions.match.ts). */
export interface StoredSanctionsMatch {
  /** The name that was screened (the account's name, or the bank account holder's). */
  screened: string;
  listId: string;
  entryId: string;
  name: string;
  /** The entry's name or alias that matched best. */
  matchedName: string;
  score: number;
  type: string;
  program: string;
  dateOfBirth: string | null;
  country: string | null;
}

/**
 * Why a withdrawal was held and what staff decided. The decision's reason and who made it are in the audit
 * trail too; the person is told only that it is a routine check, never what matched.
 */
export const withdrawalHolds = pgTable(
  'withdrawal_holds',
  {
    withdrawalId: uuid('withdrawal_id')
      .primaryKey()
      .references(() => withdrawals.id),
    reason: text('reason', { enum: WITHDRAWAL_HOLD_REASONS }).notNull(),
    matches: jsonb('matches').$type<StoredSanctionsMatch[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decision: text('decision', { enum: WITHDRAWAL_HOLD_DECISIONS }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
  },
  (t) => [index('withdrawal_holds_open_idx').on(t.decision, t.createdAt)],
);
