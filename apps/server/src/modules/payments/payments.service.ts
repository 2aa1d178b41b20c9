import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_MESSAGES as PM,
  decimalsOf,
  isCurrencyCode,
  toDecimal,
  toMinor,
  type CurrencyCode,
  type TPayment,
  type TPaymentIntentResponse,
  type TPaymentResult,
  type TSandboxConfirmRequest,
} from '@holdfast/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { AppError, appError, badRequest, notFound } from '../../lib/errors.js';
import type { StoreAnswer } from '../../lib/idempotency.js';
import { depositEntry, postEntry } from '../../ledger/index.js';
import {
  isSandboxProvider,
  WebhookSignatureError,
  type PaymentProvider,
  type RetrievedIntent,
} from '../../providers/payments/index.js';
import type { TransactionsService } from '../transactions/index.js';
import {
  findOpenTransactionPayment,
  findPayment,
  findPaymentByClientSecret,
  findPaymentByProviderId,
  insertPayment,
  markStatus,
  markSucceeded,
  nextTransactionPaymentId,
  randomPaymentId,
  recordProviderEvent,
  type PaymentRow,
} from './payments.queries.js';

export const toIntentResponse = (p: PaymentRow): TPaymentIntentResponse => ({
  clientSecret: p.clientSecret,
  paymentId: p.id,
  provider: p.provider,
  amount: toDecimal(p.amount, p.currency),
  currency: p.currency as CurrencyCode,
});

export const toPaymentView = (p: PaymentRow): TPayment => ({
  id: p.id,
  status: p.status,
  purpose: p.purpose,
  transactionId: p.transactionId,
  amount: toDecimal(p.amount, p.currency),
  currency: p.currency,
  failureMessage: p.failureMessage,
});

const toResult = (p: PaymentRow): TPaymentResult => ({
  status: 'succeeded',
  paymentId: p.id,
  purpose: p.purpose,
  transactionId: p.transactionId,
});

const providerDown = (message: string) => appError('PROVIDER_UNAVAILABLE', message);

type IntentRow = Pick<PaymentRow, 'id' | 'purpose' | 'transactionId' | 'userId' | 'amount' | 'currency'> &
  Partial<Pick<PaymentRow, 'milestoneIds'>>;

export interface PaymentsServiceDeps {
  db: Db;
  provider: PaymentProvider;
  /** Funding rules and crediting belong to the transactions module. */
  transactions: Pick<TransactionsService, 'loadForCardPayment' | 'creditCardPayment' | 'kickJobs'>;
  log?: FastifyBaseLogger;
}

/** Card payments and deposits. The server alone decides success; money moves exactly once per payment. */
export function createPaymentsService({ db, provider, transactions, log }: PaymentsServiceDeps) {
  /**
   * Asks the provider for an intent (idempotent per payment id), then records it, with `answer` in the
   * same database transaction; null if the row exists (a racing call recorded it: nothing was written).
   */
  async function createIntent(
    row: IntentRow,
    failMessage: string,
    answer?: StoreAnswer<TPaymentIntentResponse>,
  ): Promise<PaymentRow | null> {
    let intent;
    try {
      intent = await provider.createPaymentIntent({
        amountMinor: row.amount,
        currency: row.currency as CurrencyCode,
        metadata: { paymentId: row.id, purpose: row.purpose, transactionId: row.transactionId ?? '' },
        idempotencyKey: `holdfast:${row.id}`,
      });
    } catch (err) {
      log?.error({ err, paymentId: row.id }, 'payment provider refused to create an intent');
      throw providerDown(failMessage);
    }
    const values = {
      ...row,
      provider: provider.name,
      providerPaymentId: intent.providerPaymentId,
      clientSecret: intent.clientSecret,
      // Success is never taken from here: only confirm/sync/webhook apply it, through applySuccess.
      status: intent.status === 'succeeded' ? ('processing' as const) : intent.status,
    };
    if (!answer) return insertPayment(db, values);
    return db.transaction(async (tx) => {
      const inserted = await insertPayment(tx, values);
      if (inserted) await answer(tx, toIntentResponse(inserted));
      return inserted;
    });
  }

  /**
   * Money in: flips the payment to succeeded (conditional update) and, only when this call did the flip,
   * posts the ledger entry, all inside the caller's database transaction.
   */
  async function applySuccess(tx: Tx, payment: PaymentRow, amountMinor: bigint, currency: string): Promise<boolean> {
    const flipped = await markSucceeded(tx, payment.id);
    if (!flipped) return false;
    if (amountMinor !== payment.amount || currency !== payment.currency) {
      log?.warn({ paymentId: payment.id, amountMinor: String(amountMinor), currency }, 'provider amount differs');
    }
    if (payment.purpose === 'transaction') {
      await transactions.creditCardPayment(tx, {
        milestoneIds: payment.milestoneIds,
        transactionId: payment.transactionId!,
        paymentId: payment.id,
        provider: payment.provider,
        amountMinor,
        currency,
      });
    } else {
      await postEntry(
        tx,
        depositEntry({
          userId: payment.userId,
          currency,
          amount: amountMinor,
          provider: payment.provider,
          paymentId: payment.id,
        }),
      );
    }
    return true;
  }

  /** Brings our row in line with what the provider reports, inside the caller's database transaction. */
  async function applyProviderState(tx: Tx, payment: PaymentRow, intent: RetrievedIntent): Promise<void> {
    switch (intent.status) {
      case 'succeeded':
        await applySuccess(tx, payment, intent.amountMinor, intent.currency);
        return;
      case 'failed':
        return markStatus(tx, payment.id, 'failed', intent.failureMessage ?? PM.paymentFailed);
      case 'processing':
      case 'canceled':
        return markStatus(tx, payment.id, intent.status);
      default:
        return;
    }
  }

  async function ownedPayment(userId: string, paymentId: string): Promise<PaymentRow> {
    const p = await findPayment(db, paymentId);
    if (!p || p.userId !== userId) throw notFound(PM.paymentNotFound);
    return p;
  }

  return {
    /** POST /transactions/:id/create-payment-intent: one open intent per transaction, reused on reloads. */
    async createTransactionIntent(
      user: SessionUser,
      transactionId: string,
      answer?: StoreAnswer<TPaymentIntentResponse>,
      /** A deal paid in stages: the milestones to pay (default: the next unfunded one; decision 033). */
      milestoneIds?: readonly string[],
    ): Promise<TPaymentIntentResponse> {
      const t = await transactions.loadForCardPayment(user, transactionId, milestoneIds);
      if (!isCurrencyCode(t.currency)) throw badRequest(PM.unsupportedCurrency);
      const open = await findOpenTransactionPayment(db, t.id);
      const sameMilestones = (open?.milestoneIds ?? []).join() === (t.milestoneIds ?? []).join();
      if (
        open &&
        open.provider === provider.name &&
        open.amount === t.total &&
        open.currency === t.currency &&
        sameMilestones
      ) {
        return toIntentResponse(open);
      }
      // An intent from another provider (configuration changed) or for another amount is retired.
      if (open) await markStatus(db, open.id, 'canceled');
      const id = await nextTransactionPaymentId(db, t.id);
      const row = await createIntent(
        {
          id,
          purpose: 'transaction',
          transactionId: t.id,
          milestoneIds: t.milestoneIds ?? null,
          userId: user.id,
          amount: t.total,
          currency: t.currency,
        },
        PM.initFailed,
        answer,
      );
      const winner = row ?? (await findOpenTransactionPayment(db, t.id)) ?? (await findPayment(db, id));
      if (!winner) throw providerDown(PM.initFailed);
      return toIntentResponse(winner);
    },

    /** POST /wallet/deposit: a new card payment into the caller's wallet (amount already validated). */
    async createDeposit(
      user: SessionUser,
      input: { amount: string | number; currency: CurrencyCode },
      answer?: StoreAnswer<TPaymentIntentResponse>,
    ): Promise<TPaymentIntentResponse> {
      const amount = toMinor(input.amount, decimalsOf(input.currency));
      if (amount === null || amount <= 0n) throw badRequest(PM.invalidDepositAmount);
      const row = await createIntent(
        {
          id: randomPaymentId(),
          purpose: 'deposit',
          transactionId: null,
          userId: user.id,
          amount,
          currency: input.currency,
        },
        PM.depositFailed,
        answer,
      );
      if (!row) throw providerDown(PM.depositFailed);
      return toIntentResponse(row);
    },

    /** POST /payments/sandbox/confirm: the sandbox "bank" decides; success is applied exactly once. */
    async confirmSandbox(
      user: SessionUser,
      input: TSandboxConfirmRequest,
      answer?: StoreAnswer<TPaymentResult>,
    ): Promise<TPaymentResult> {
      if (!isSandboxProvider(provider)) throw notFound(PM.sandboxOnly);
      const p = await findPaymentByClientSecret(db, input.clientSecret);
      if (!p || p.userId !== user.id || p.provider !== 'sandbox') throw notFound(PM.paymentNotFound);
      if (p.status === 'succeeded') return toResult(p);
      if (p.status === 'canceled') throw appError('PAYMENT_CANCELED', PM.paymentCanceled);

      if (p.purpose === 'transaction') {
        try {
          await transactions.loadForCardPayment(user, p.transactionId!, p.milestoneIds);
        } catch (err) {
          // Funded meanwhile: by this very payment (a racing confirmation) or by other means.
          const now = await findPayment(db, p.id);
          if (now?.status === 'succeeded') return toResult(now);
          if (err instanceof AppError && err.statusCode === 409) await markStatus(db, p.id, 'canceled', err.message);
          throw err;
        }
      }

      const outcome = provider.chargeCard(input.cardNumber);
      if (!outcome.ok) {
        await markStatus(db, p.id, 'failed', outcome.message);
        throw appError('PAYMENT_FAILED', outcome.message);
      }
      const result = toResult(p);
      await db.transaction(async (tx) => {
        await applySuccess(tx, p, p.amount, p.currency);
        await answer?.(tx, result);
      });
      transactions.kickJobs();
      return result;
    },

    /** POST /payments/:id/sync: asks the provider (the return page after a redirect) and applies success once. */
    async sync(user: SessionUser, paymentId: string, answer?: StoreAnswer<TPayment>): Promise<TPayment> {
      const p = await ownedPayment(user.id, paymentId);
      if (p.status === 'succeeded' || p.provider !== provider.name || isSandboxProvider(provider)) {
        return toPaymentView(p);
      }
      let intent: RetrievedIntent;
      try {
        intent = await provider.retrievePaymentIntent(p.providerPaymentId);
      } catch (err) {
        log?.error({ err, paymentId }, 'payment provider could not be asked about an intent');
        throw providerDown(PM.paymentError);
      }
      const view = await db.transaction(async (tx) => {
        await applyProviderState(tx, p, intent);
        const synced = toPaymentView((await findPayment(tx, p.id))!);
        await answer?.(tx, synced);
        return synced;
      });
      if (intent.status === 'succeeded') transactions.kickJobs();
      return view;
    },

    async get(user: SessionUser, paymentId: string): Promise<TPayment> {
      return toPaymentView(await ownedPayment(user.id, paymentId));
    },

    /**
     * A signed provider event. The event id is recorded in the same database transaction as its effect,
     * so a redelivery (or a concurrent one) changes nothing.
     */
    async handleWebhook(
      rawBody: Buffer | string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ received: true; duplicate?: true }> {
      if (provider.name !== 'stripe') throw notFound();
      let event;
      try {
        event = provider.parseWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw badRequest(err.message);
        throw err;
      }
      if (event.type === 'other') return { received: true };
      const intent = event.intent;
      const duplicate = await db.transaction(async (tx) => {
        const fresh = await recordProviderEvent(tx, {
          id: event.id,
          provider: provider.name,
          type: event.rawType,
          providerPaymentId: intent.providerPaymentId,
        });
        if (!fresh) return true;
        const p = await findPaymentByProviderId(tx, intent.providerPaymentId);
        if (!p) {
          log?.warn({ eventId: event.id, intent: intent.providerPaymentId }, 'webhook for an unknown payment intent');
          return false;
        }
        if (event.type === 'payment.succeeded') await applySuccess(tx, p, intent.amountMinor, intent.currency);
        else await markStatus(tx, p.id, 'failed', intent.failureMessage ?? PM.paymentFailed);
        return false;
      });
      transactions.kickJobs();
      return duplicate ? { received: true, duplicate: true } : { received: true };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
