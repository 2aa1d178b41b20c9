import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { ShutdownState } from './lib/shutdown.js';
import type { JobHandlers, Scheduler } from './jobs/index.js';
import { createEmailProvider, type EmailProvider } from './providers/email/index.js';
import { createPaymentProvider, type PaymentProvider } from './providers/payments/index.js';
import { createPayoutProvider, type PayoutProvider } from './providers/payouts/index.js';
import { createStorage, encryptedStorage, type Storage } from './providers/storage/index.js';
import { createVerificationProvider, type VerificationProvider } from './providers/verification/index.js';
import { createSmsProvider, type SmsProvider } from './providers/sms/index.js';
import { memoryPubSub, redisPubSub, type PubSub } from './realtime/index.js';
import { createAdminJobsService, createAdminService, createAdminUsersService } from './modules/admin/index.js';
import { createModeratorApplicationsService } from './modules/moderator-applications/index.js';
import { createDisputeEvidenceService, createDisputesService, disputeJobHandlers } from './modules/disputes/index.js';
import { createReviewsService } from './modules/reviews/index.js';
import { createSupportService } from './modules/support/index.js';
import { createMessagesService } from './modules/messages/index.js';
import { createNotificationsService, notificationJobHandlers } from './modules/notifications/index.js';
import { createLiveChatService } from './modules/live-chat/index.js';
import { createProfileService } from './modules/profile/index.js';
import { createAuth, createAuthService, createLoginLimiter, createTwoFactorService } from './modules/auth/index.js';
import type { PasswordHashing } from './modules/auth/index.js';
import { createAccountSessionsService, createPasswordResetService } from './modules/auth/index.js';
import { createPaymentsService } from './modules/payments/index.js';
import { createSystemService } from './modules/system/index.js';
import { createLegalService } from './modules/legal/index.js';
import { createTransactionsService, transactionJobHandlers } from './modules/transactions/index.js';
import { createWalletService } from './modules/wallet/index.js';
import { createReceiptsService } from './modules/receipts/index.js';
import {
  createWithdrawalHoldsService,
  createWithdrawalsService,
  withdrawalJobHandlers,
} from './modules/withdrawals/index.js';
import { createVerificationService } from './modules/verification/index.js';
import { screenName, screenNames } from './modules/sanctions/index.js';
import { ledgerCheckJobHandlers } from './ledger/index.js';
import {
  createIdentityReviewersService,
  createIdentityService,
  identityJobHandlers,
} from './modules/identity/index.js';

/** Adapters to the outside world; tests point them at local stand-ins. */
export interface Providers {
  email: EmailProvider;
  /** Card payments: `sandbox` (embedded test cards) or `stripe`. */
  payments: PaymentProvider;
  /** Withdrawals to bank accounts: `sandbox` (pays nothing; account numbers ending 0000 fail) or Stripe Payouts. */
  payouts: PayoutProvider;
  /** Uploaded files (profile pictures): `disk` under DATA_DIR/uploads, or an S3 bucket. */
  storage: Storage;
  /** Text messages (two-factor codes): the outbox, or an HTTP gateway. */
  sms: SmsProvider;
  /** The realtime bus: in this process, or Redis (REDIS_URL) so every instance's sockets hear every event. */
  pubsub: PubSub;
  /** Identity verification: staff review (`manual`) or a hosted provider with signed webhooks. */
  verification: VerificationProvider;
  /**
   * Password hashing: Better Auth's scrypt when absent (always, outside tests). The server's tests give a
   * cheaper scrypt (test/password-hashing.ts): a real hash costs about 0.1 s of CPU, thousands a run.
   */
  passwordHashing?: PasswordHashing;
}

export function createProviders(config: Config, database: Database, log?: FastifyBaseLogger): Providers {
  return {
    pubsub: config.redisUrl ? redisPubSub(config.redisUrl, log) : memoryPubSub(),
    email: createEmailProvider(config, database.db),
    payments: createPaymentProvider(config, database.db),
    payouts: createPayoutProvider(config),
    storage: createStorage(config),
    sms: createSmsProvider(config, database.db),
    verification: createVerificationProvider(config),
  };
}

export interface ServicesDeps {
  config: Config;
  database: Database;
  providers: Providers;
  log?: FastifyBaseLogger;
  /** The product's time (deadlines, inspection periods). */
  clock: Clock;
  /** The job worker: services `kick()` it after committing work that is due now. */
  scheduler: Scheduler;
  /** Set once this instance begins to shut down (readiness then fails). */
  shutdown: ShutdownState;
}

/**
 * Every service, built once per app (Infisical's shape): each is a factory that receives only what it
 * uses, and routes reach them as `app.services.<name>`. Modules never build each other's services.
 */
export function createServices({ config, database, providers, log, clock, scheduler, shutdown }: ServicesDeps) {
  const { db } = database;
  const wallet = createWalletService({ db, clock });
  const transactions = createTransactionsService({ db, clock, scheduler, log });
  const reviews = createReviewsService({ db, clock });
  const identity = createAuth({
    config,
    db,
    email: providers.email,
    sms: providers.sms,
    passwordHashing: providers.passwordHashing,
  });
  const limiter = createLoginLimiter(db, config.login);
  const legal = createLegalService({ config, log });
  const twoFactor = createTwoFactorService({
    db,
    auth: identity,
    secret: config.authSecret,
    email: providers.email,
    log,
    limiter,
  });
  const accountSessions = createAccountSessionsService({
    db,
    auth: identity,
    idleTimeoutMs: config.session.idleTimeoutMs,
    pubsub: providers.pubsub,
  });
  return {
    twoFactor,
    auth: createAuthService({
      db,
      auth: identity,
      idleTimeoutMs: config.session.idleTimeoutMs,
      limiter,
      secret: config.authSecret,
      walletBalance: wallet.balanceText,
      twoFactor,
      pubsub: providers.pubsub,
      termsVersion: legal.termsVersion,
      log,
    }),
    legal,
    accountSessions,
    passwordReset: createPasswordResetService({
      db,
      auth: identity,
      login: config.login,
      pubsub: providers.pubsub,
      log,
    }),
    transactions,
    payments: createPaymentsService({ db, provider: providers.payments, transactions, log }),
    wallet,
    withdrawals: createWithdrawalsService({
      db,
      clock,
      payouts: providers.payouts,
      screen: (names) => screenNames(db, names, config.sanctions.matchThreshold),
      log,
    }),
    withdrawalHolds: createWithdrawalHoldsService({ db, clock, scheduler }),
    receipts: createReceiptsService({ db }),
    disputes: createDisputesService({
      db,
      clock,
      clocks: config.disputeClocks,
      secondReviewAmounts: config.disputes.secondReviewAmounts,
    }),
    disputeEvidence: createDisputeEvidenceService({ db, clock, storage: providers.storage, log }),
    support: createSupportService({ db, pubsub: providers.pubsub, clock }),
    reviews,
    messages: createMessagesService({ db, pubsub: providers.pubsub, clock }),
    notifications: createNotificationsService({ db, clock }),
    profile: createProfileService({ db, storage: providers.storage, reviews, log }),
    admin: createAdminService({ db }),
    adminJobs: createAdminJobsService({ db, clock, scheduler }),
    adminUsers: createAdminUsersService({
      db,
      clock,
      pubsub: providers.pubsub,
      sessions: accountSessions,
      clocks: config.disputeClocks,
    }),
    moderatorApplications: createModeratorApplicationsService({
      db,
      identity,
      email: providers.email,
      publicUrl: config.publicUrl,
      log,
    }),
    system: createSystemService({ config, database, pubsub: providers.pubsub, shutdown, log }),
    liveChat: createLiveChatService({ db, pubsub: providers.pubsub }),
    // Identity documents are encrypted before they reach a disk (decision 027); a bucket encrypts on its side.
    identity: createIdentityService({
      db,
      clock,
      storage:
        providers.storage.name === 'disk'
          ? encryptedStorage(providers.storage, config.verification.encryptionKey)
          : providers.storage,
      encrypted: providers.storage.name === 'disk',
      provider: providers.verification,
      publicUrl: config.publicUrl,
      retentionMs: config.verification.retentionMs,
      screen: (input) => screenName(db, input, config.sanctions.matchThreshold),
      scheduler,
      log,
    }),
    identityReviewers: createIdentityReviewersService({ db, clock }),
    verification: createVerificationService({ db, clock, sms: providers.sms, secret: config.authSecret }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface JobHandlersDeps {
  config: Config;
  database: Database;
  providers: Providers;
  clock: Clock;
  services: Services;
  log?: FastifyBaseLogger;
}

/** Every job kind's handler, from the module that owns it, each given only what it uses. */
export function createJobHandlers({ config, database, providers, clock, services, log }: JobHandlersDeps): JobHandlers {
  const { db } = database;
  return {
    ...transactionJobHandlers({ db }),
    ...disputeJobHandlers({ db }),
    ...notificationJobHandlers({
      db,
      clock,
      publicUrl: config.publicUrl,
      email: providers.email,
      pubsub: providers.pubsub,
    }),
    ...withdrawalJobHandlers({ withdrawals: services.withdrawals }),
    ...ledgerCheckJobHandlers({ db, clock, log }),
    ...identityJobHandlers({ identity: services.identity }),
  };
}
