import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDevTextMessage, ZErrorResponse, ZMailboxMessage, ZPublicConfig } from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { authHeaders } from '../auth/index.js';
import { ZAdvanceDevClock, ZDevClock, advanceClock, isAdjustable } from './system.clock.js';

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
