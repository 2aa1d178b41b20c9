import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { MESSAGES } from '@holdfast/contracts';
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
    redis = new Redis(opts.redisUrl, {
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

/** Every limited route takes its limit from here. */
export const RATE_LIMITS = {
  /** Calls that reach the payment provider or the sandbox bank. */
  providerCalls: { max: 60, timeWindow: '1 minute', keyGenerator: perUser },
  /** Live amount validation while typing on the create form (public). */
  amountValidation: { max: 300, timeWindow: '1 minute' },
  /** Verification emails: a mailbox is not a target for flooding. */
  verificationEmail: {
    max: 3,
    timeWindow: '15 minutes',
    hook: 'preHandler' as const,
    keyGenerator: perUser,
    errorResponseBuilder: () => tooManyRequests(MESSAGES.verification.tooManyRequests),
  },
};
