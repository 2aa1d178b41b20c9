import {
  BANK_FIELDS,
  BANK_FORM_OF,
  CURRENCIES,
  compactCode,
  compactDigits,
  type BankField,
  toMinor,
  type CurrencyCode,
  type TWithdrawal,
} from '@holdfast/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { SECOND } from '../../lib/clock.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { badRequest } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import { payoutCompletedEntry, payoutReturnedEntry, postEntry, withdrawalEntry } from '../../ledger/index.js';
import type { PayoutProvider, PayoutResult } from '../../providers/payouts/index.js';
import type { StoredSanctionsMatch } from '../../db/schema/index.js';
import { notify, tellingTierLimits } from '../notifications/index.js';
import { assertWithdrawalWithinTier } from '../verification/index.js';
import { insertHold } from './withdrawals.holds.queries.js';
import {
  findWithdrawal,
  insertWithdrawal,
  listWithdrawals,
  lockWithdrawal,
  markSettled,
  recordPayoutId,
  toWithdrawalView,
  type WithdrawalRow,
} from './withdrawals.queries.js';

/** The first question to the payout provider: a few seconds after the request (the sandbox's delay). */
export const PAYOUT_FIRST_CHECK_MS = 5 * SECOND;
/**
 * A bank payout can take days; the settle job asks again with backoff (capped at an hour), so this many
 * attempts cover about four days before the job gives up and an operator is told by the error log.
 */
export const PAYOUT_SETTLE_MAX_ATTEMPTS = 100;

const PAYOUT_FAILED = 'The payout failed';

export interface WithdrawInput {
  amount: string | number;
  currency: CurrencyCode;
  accountHolderName: string;
  accountNumber?: string | undefined;
  bankName?: string | undefined;
  institutionNumber?: string | undefined;
  branchCode?: string | undefined;
  iban?: string | undefined;
  bic?: string | undefined;
  routingNumber?: string | undefined;
}

/**
 * The destination as stored: only what the currency's bank form asks (BANK_FIELDS), codes compacted and
 * numbers as digits (typed spaces and hyphens dropped), no full account.
 */
function destinationOf(input: WithdrawInput) {
  const asks = new Set(BANK_FIELDS[BANK_FORM_OF[input.currency]]);
  const given = (field: BankField, tidy: (v: string) => string) => {
    const value = input[field]?.trim();
    return asks.has(field) && value ? tidy(value) : null;
  };
  const iban = asks.has('iban');
  return {
    /** The full number, for the provider only. */
    account: iban ? compactCode(input.iban ?? '') : compactDigits(input.accountNumber ?? ''),
    accountType: iban ? ('iban' as const) : ('account' as const),
    bankName: given('bankName', (v) => v),
    institutionNumber: given('institutionNumber', compactDigits),
    branchCode: given('branchCode', compactDigits),
    bic: given('bic', compactCode),
    routingNumber: given('routingNumber', compactDigits),
  };
}

/** The payout is still on its way: the settle job fails this attempt and asks again later. */
export class PayoutStillPendingError extends Error {
  constructor(withdrawalId: string) {
    super(`payout of withdrawal ${withdrawalId} is still pending at the provider`);
    this.name = 'PayoutStillPendingError';
  }
}

/**
 * Withdrawals from a wallet to a bank account. Requesting one moves the money to payouts_pending in the
 * same database transaction that records it, so it cannot be spent twice; the payout provider then pays
 * it (payoutCompletedEntry) or fails and it returns to the wallet (payoutReturnedEntry), exactly once.
 */
export function createWithdrawalsService({
  db,
  clock,
  payouts,
  screen,
  log,
}: {
  db: Db;
  clock: Clock;
  payouts: PayoutProvider;
  /** Sanctions screening of the names a withdrawal carries: any match holds it for staff review. */
  screen: (names: string[]) => Promise<StoredSanctionsMatch[]>;
  log?: FastifyBaseLogger;
}) {
  /** Asks the provider about the withdrawal's payout, starting it first if the request never reached it. */
  async function askProvider(w: WithdrawalRow): Promise<PayoutResult> {
    if (w.provider !== payouts.name) {
      throw new Error(`withdrawal ${w.id} was paid out through ${w.provider}, but ${payouts.name} is configured`);
    }
    let payoutId = w.providerPayoutId;
    if (!payoutId) {
      const created = await payouts.createPayout({
        withdrawalId: w.id,
        amount: w.amount,
        currency: w.currency as CurrencyCode,
        accountHolderName: w.accountHolderName,
        accountLast4: w.accountLast4,
      });
      await recordPayoutId(db, w.id, created.id, clock.now());
      payoutId = created.id;
    }
    return payouts.getPayout(payoutId);
  }

  /** Moves the money to payouts_pending and asks the provider to pay it (or holds it for a compliance review). */
  async function request(
    user: SessionUser,
    input: WithdrawInput,
    answer?: StoreAnswer<TWithdrawal>,
  ): Promise<TWithdrawal> {
    // The request schema checked the amount, currency and bank details; these are the same rules.
    const amount = toMinor(input.amount, CURRENCIES[input.currency].decimalPlaces);
    const { account: accountNumber, ...destination } = destinationOf(input);
    if (amount === null || amount <= 0n) throw badRequest('Enter a valid amount', { amount: 'Enter a valid amount' });
    const accountHolderName = input.accountHolderName.trim();
    // Before the transaction (it reads the lists, not the wallet): the account's name and the payee's.
    const matches = await screen([[user.firstName, user.lastName].filter(Boolean).join(' '), accountHolderName]);
    const held = matches.length > 0;
    const now = clock.now();

    const row = await db.transaction(async (tx) => {
      // The verification tier's limits, counted under a lock on the account (verification module).
      await assertWithdrawalWithinTier(tx, user.id, amount, input.currency, now);
      const w = await insertWithdrawal(tx, {
        userId: user.id,
        amount,
        currency: input.currency,
        provider: payouts.name,
        status: held ? 'held' : 'pending',
        accountHolderName,
        accountLast4: accountNumber.slice(-4),
        ...destination,
        createdAt: now,
        updatedAt: now,
      });
      // Refuses to overdraw (INSUFFICIENT_FUNDS), which rolls the withdrawal row back too.
      // A held withdrawal reserves its money the same way: it cannot be spent while staff review it.
      await postEntry(tx, withdrawalEntry({ withdrawalId: w.id, userId: user.id, currency: w.currency, amount }));
      if (held) {
        // No payout and no settle job until staff release it (withdrawals.holds.ts).
        await insertHold(tx, w.id, matches, now);
        await notify(tx, { type: 'withdrawal.held', withdrawalId: w.id }, now);
      } else {
        await enqueuePayoutSettle(tx, w.id, new Date(now.getTime() + PAYOUT_FIRST_CHECK_MS));
        // The bell says where it goes and when it should arrive, as the wallet page does.
        await notify(tx, { type: 'withdrawal.pending', withdrawalId: w.id }, now);
      }
      // The Idempotency-Key answer commits with the withdrawal: a retry replays it, never withdraws twice.
      await answer?.(tx, toWithdrawalView(w, held ? { decision: null, decidedAt: null } : null));
      return w;
    });
    if (held) return toWithdrawalView(row, { decision: null, decidedAt: null });

    // Outside the database transaction: a slow or failing provider never holds a lock, and never undoes
    // the withdrawal. Whatever happens here, the settle job asks again (same idempotency key).
    try {
      const created = await payouts.createPayout({
        withdrawalId: row.id,
        amount,
        currency: input.currency,
        accountHolderName: row.accountHolderName,
        accountLast4: row.accountLast4,
        accountNumber,
      });
      await recordPayoutId(db, row.id, created.id, clock.now());
    } catch (err) {
      log?.warn({ err, withdrawalId: row.id }, 'payout request failed; the settle job will retry it');
    }
    return toWithdrawalView(row);
  }

  return {
    /** A refusal by the account's verification tier also tells the person in the bell (notifications module). */
    request(user: SessionUser, input: WithdrawInput, answer?: StoreAnswer<TWithdrawal>): Promise<TWithdrawal> {
      return tellingTierLimits({ db, clock, log }, user.id, () => request(user, input, answer));
    },

    async list(userId: string, limit: number): Promise<TWithdrawal[]> {
      return (await listWithdrawals(db, userId, limit)).map(({ w, hold }) => toWithdrawalView(w, hold));
    },

    /**
     * Settles a withdrawal once its payout has ended (the `payout.settle` job). Safe to run any number of
     * times, also at once: the row is locked and only a pending withdrawal moves money. Throws
     * PayoutStillPendingError while the provider is still paying, so the job asks again with backoff.
     */
    async settle(withdrawalId: string): Promise<TWithdrawal | null> {
      const found = await findWithdrawal(db, withdrawalId);
      if (!found) return null;
      if (found.status !== 'pending') return toWithdrawalView(found);

      const payout = await askProvider(found);
      if (payout.status === 'pending') throw new PayoutStillPendingError(withdrawalId);
      const outcome = payout.status;

      const settled = await db.transaction(async (tx) => {
        const w = await lockWithdrawal(tx, withdrawalId);
        if (!w || w.status !== 'pending') return w;
        const now = clock.now();
        const money = { withdrawalId: w.id, userId: w.userId, currency: w.currency, amount: w.amount };
        const reason = outcome === 'failed' ? (payout.failureReason ?? PAYOUT_FAILED) : null;
        await postEntry(
          tx,
          reason === null
            ? payoutCompletedEntry({ ...money, provider: w.provider })
            : payoutReturnedEntry({ ...money, reason }),
        );
        const updated = await markSettled(tx, w.id, {
          status: outcome,
          providerPayoutId: payout.id,
          failureReason: reason,
          now,
        });
        await notify(
          tx,
          { type: outcome === 'paid' ? 'withdrawal.paid' : 'withdrawal.failed', withdrawalId: w.id },
          now,
        );
        return updated;
      });
      return settled ? toWithdrawalView(settled) : null;
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

/** The job that starts a withdrawal's payout if needed and settles it when the provider is done (one per withdrawal). */
export function enqueuePayoutSettle(tx: Tx, withdrawalId: string, runAt: Date) {
  return enqueueJob(tx, {
    kind: 'payout.settle',
    payload: { withdrawalId },
    runAt,
    key: `payout.settle:${withdrawalId}`,
    maxAttempts: PAYOUT_SETTLE_MAX_ATTEMPTS,
  });
}
