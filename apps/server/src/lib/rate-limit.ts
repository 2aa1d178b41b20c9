import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type * as IORedis from 'ioredis';
import { loadOptional } from './optional-module.js';
import {
  ACCOUNT_SECURITY_MESSAGES,
  APPLICATION_MESSAGES,
  LIVE_CHAT_MESSAGES,
  LIVE_CHAT_SENDS_PER_MINUTE,
  MESSAGES,
  TWO_FACTOR_MESSAGES,
} from '@holdfast/contracts';
import { DIRECT_MESSAGE_MESSAGES, DIRECT_MESSAGES_PER_MINUTE } from '@holdfast/contracts';
import { SUPPORT_MESSAGES, WITHDRAWAL_MESSAGES } from '@holdfast/contracts';
import type { Config } from '../config.js';
import { tooManyRequests } from './errors.js';

/**
 * Rate limits, one configuration for every limited route. With REDIS_URL the counters live in Redis so
 * a limit holds across every instance behind the load balancer (decision 003); without it, in memory.
 *
 * A Redis outage fails open (skipOnError): the limited calls stay available. The money calls behind
 * them are protected by idempotency keys, row locks and the ledger, not by the limiter; sign-in has its
 * own database-backed limiter (login-limiter.ts).
 */
export async function registerRateLimit(app: FastifyInstance, opts: { redisUrl?: string }) {
  let redis: Redis | undefined;
  if (opts.redisUrl) {
    const { Redis: RedisClient } = loadOptional('ioredis') as typeof IORedis;
    redis = new RedisClient(opts.redisUrl, {
      // Answer quickly when Redis is away instead of queueing requests behind reconnects.
      connectTimeout: 500,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store (Redis) unavailable; limits fail open'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
    // Start counting in Redis from the first request: wait for the connection, but never long.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      redis!.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'holdfast-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(tooManyRequests(MESSAGES.generic.rateLimited), { retryAfter: context.after }),
  });
}

/** Per signed-in user, else per address: one account cannot exhaust a budget shared by everyone. */
const perUser = (request: FastifyRequest) => request.user?.id ?? request.ip;

/** An hourly limit whose size is a setting (config.limits), counted per user or address. */
function hourly(setting: keyof Config['limits'], message: string, keyGenerator?: (request: FastifyRequest) => string) {
  return {
    max: (request: FastifyRequest) => request.server.config.limits[setting],
    timeWindow: '1 hour',
    // After the session hook, so a signed-in caller is counted as themselves.
    hook: 'preHandler' as const,
    ...(keyGenerator ? { keyGenerator } : {}),
    errorResponseBuilder: () => tooManyRequests(message),
  };
}

/** Every limited route takes its limit from here. */
export const RATE_LIMITS = {
  /** New accounts per address: sign-up is not a free supply of identities. */
  registration: hourly('registrationsPerHour', MESSAGES.limits.registrations),
  /** New transactions per user: each one emails a seller. */
  transactionCreation: hourly('transactionsPerHour', MESSAGES.limits.transactions, perUser),
  /** Deposit intents per user: each one reaches the payment provider. */
  depositIntents: hourly('depositsPerHour', MESSAGES.limits.deposits, perUser),
  /** Withdrawals per user: each one reaches the payout provider and a bank. */
  withdrawals: {
    max: 30,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(WITHDRAWAL_MESSAGES.tooMany),
  },
  /** Moderator applications per address (public): each one lands in the admins' queue. */
  moderatorApplications: hourly('applicationsPerHour', APPLICATION_MESSAGES.tooMany),
  /** Calls that reach the payment provider or the sandbox bank. */
  providerCalls: { max: 60, timeWindow: '1 minute', keyGenerator: perUser },
  /** Crash reports of the web app's error page, per address (public): a page failing in a loop floods no log. */
  clientErrors: {
    max: 10,
    timeWindow: '1 minute',
    errorResponseBuilder: () => tooManyRequests(MESSAGES.generic.rateLimited),
  },
  /** Live amount validation while typing on the create form (public). */
  amountValidation: { max: 300, timeWindow: '1 minute' },
  /**
   * Two-factor codes typed by a signed-in person (verify, disable): a million codes are not to be tried.
   * At sign-in Better Auth also allows five tries per challenge and locks the account's codes after ten.
   */
  twoFactorCodes: {
    max: 10,
    timeWindow: '10 minutes',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts),
  },
  /** The second step of sign-in, per address (no session yet). */
  twoFactorSignIn: {
    max: 20,
    timeWindow: '10 minutes',
    errorResponseBuilder: () => tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts),
  },
  /** Text messages cost money and reach a phone: a few per quarter hour. */
  smsCodes: {
    max: 5,
    timeWindow: '15 minutes',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.generic.rateLimited),
  },
  /**
   * Forgot-password requests per address (public): each may send an email. Each email address has its
   * own, smaller budget too (password-reset.ts), counted whether or not an account has it.
   */
  passwordResetRequests: {
    max: 10,
    timeWindow: '1 hour',
    errorResponseBuilder: () => tooManyRequests(ACCOUNT_SECURITY_MESSAGES.forgot.tooMany),
  },
  /** Support chats opened per user: each one lands in the staff console's queue. */
  supportChats: {
    max: 10,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(SUPPORT_MESSAGES.tooManyChats),
  },
  /** Support messages per user (customers and staff alike): a conversation, not a flood. */
  supportMessages: {
    max: 30,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(SUPPORT_MESSAGES.tooManyMessages),
  },
  /** Profile pictures per user: each one is decoded and re-encoded, the heaviest work a person can ask for. */
  profilePictures: {
    max: 20,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.generic.rateLimited),
  },
  /** Dispute evidence per user: each file is decoded and re-encoded (at most 20 per side per case anyway). */
  disputeEvidence: {
    max: 30,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.generic.rateLimited),
  },
  /** Identity submissions per user: each decodes three files (one waits at a time anyway). */
  identitySubmissions: {
    max: 10,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.generic.rateLimited),
  },
  /** Identity decisions per reviewer: generous for a busy queue, not for a script. */
  identityDecisions: {
    max: 300,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.generic.rateLimited),
  },
  /** Dispute statements per user: each one tells the other party and the moderator. */
  disputeStatements: {
    max: 30,
    timeWindow: '1 hour',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.generic.rateLimited),
  },
  /** Public profiles per address: readable by anyone, not a directory to scrape. */
  publicProfiles: { max: 120, timeWindow: '1 minute' },
  /** Public figures (the moderators' record) per address: cheap to read, not to hammer. */
  publicStats: { max: 120, timeWindow: '1 minute' },
  /** Verification emails: a mailbox is not a target for flooding. */
  verificationEmail: {
    max: 3,
    timeWindow: '15 minutes',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.verification.tooManyRequests),
  },
  /** Private messages per person: each one reaches the other party's sockets. */
  directMessages: {
    max: DIRECT_MESSAGES_PER_MINUTE,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(DIRECT_MESSAGE_MESSAGES.rateLimited),
  },
  /** Live chat messages per person (customers and staff): a thread is not a target for flooding. */
  liveChatMessages: {
    max: LIVE_CHAT_SENDS_PER_MINUTE,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(LIVE_CHAT_MESSAGES.tooMany),
  },
};
