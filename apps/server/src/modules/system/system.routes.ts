import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClientErrorReport,
  ZDevTextMessage,
  ZErrorResponse,
  ZMailboxMessage,
  ZPublicConfig,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { authHeaders } from '../auth/index.js';
import { ZAdvanceDevClock, ZDevClock, advanceClock, isAdjustable } from './system.clock.js';

/** The log message of every crash report from the web app, the same always so operators can count them. */
export const CLIENT_ERROR_LOG_MESSAGE = 'web app error';
const CLIENT_ERROR_BODY_LIMIT = 32 * 1024;

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.system;

  r.get(
    '/config',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['system'],
        summary: 'Public runtime settings for the web app',
        response: { 200: ZPublicConfig },
      },
    },
    async () => service.publicConfig(),
  );

  r.post(
    '/client-errors',
    {
      // Every field at its limit fits, with room for escaping; nothing bigger is read.
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      // Open to anyone, whatever state their account is in: a page can fail for any visitor.
      config: { accountGate: 'session', rateLimit: RATE_LIMITS.clientErrors },
      schema: {
        tags: ['system'],
        summary: "Reports an error the web app's error page caught; logged with the signed-in person's id, if any",
        body: ZClientErrorReport,
        response: { 204: z.null(), 400: ZErrorResponse, 413: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      // A warning, not an error: anyone may send one, so it is a report to look into, not proof of a fault.
      request.log.warn({ clientError: request.body, userId: request.user?.id ?? null }, CLIENT_ERROR_LOG_MESSAGE);
      return reply.status(204).send(null);
    },
  );

  // The development mailbox exists only outside production.
  if (!app.config.isProduction) {
    r.get(
      '/dev/mailbox',
      {
        // Behind the staff two-factor gate: an admin's mailbox holds everyone's links (resets, verifications).
        schema: {
          tags: ['system'],
          summary: "Mail sent to the caller's address through the outbox; admins see all (development only)",
          response: { 200: z.object({ messages: z.array(ZMailboxMessage) }), 401: ZErrorResponse },
        },
      },
      async (request) => ({ messages: await service.mailbox(requireUser(request)) }),
    );

    r.get(
      '/dev/sms',
      {
        config: { accountGate: 'own-account' },
        schema: {
          tags: ['system'],
          summary:
            'Text messages sent through the outbox to the caller (signed in, or halfway through a two-factor sign-in); admins see all (development only)',
          response: { 200: z.object({ messages: z.array(ZDevTextMessage) }), 401: ZErrorResponse },
        },
      },
      async (request) => {
        // Halfway through a two-factor sign-in nobody is signed in yet: the challenge names the account.
        const pending = request.user ? null : await app.services.twoFactor.challengeOwner(authHeaders(request));
        const viewer = request.user ?? (pending ? { id: pending, role: 'buyer' } : requireUser(request));
        // Staff still to enrol read their own codes (to enrol by SMS), never everyone's.
        const gated = request.user && app.config.requireStaffTwoFactor && !request.user.twoFactorEnabled;
        return { messages: await service.textMessages(gated ? { id: viewer.id, role: 'buyer' } : viewer) };
      },
    );
  }

  // The movable clock exists only when TEST_CLOCK is set, which the configuration refuses in production.
  const clock = app.clock;
  if (app.config.testClock && !app.config.isProduction && isAdjustable(clock)) {
    r.get(
      '/dev/clock',
      {
        config: { accountGate: 'own-account' },
        schema: {
          tags: ['system'],
          summary: "The server's time (TEST_CLOCK only)",
          response: { 200: ZDevClock, 401: ZErrorResponse },
        },
      },
      async (request) => {
        requireUser(request);
        return { now: clock.now().toISOString() };
      },
    );

    r.post(
      '/dev/clock',
      {
        config: { accountGate: 'own-account' },
        schema: {
          tags: ['system'],
          summary: "Moves the server's time forward and runs every job due by then (TEST_CLOCK only)",
          body: ZAdvanceDevClock,
          response: { 200: ZDevClock, 400: ZErrorResponse, 401: ZErrorResponse },
        },
      },
      async (request) => {
        requireUser(request);
        return advanceClock(clock, app.scheduler, request.body.advanceSeconds);
      },
    );
  }
}
