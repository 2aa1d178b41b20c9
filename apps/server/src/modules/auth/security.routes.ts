import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_SECURITY_MESSAGES as M,
  ZAccountSessionsResponse,
  ZErrorResponse,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZOkResponse,
  ZResetPasswordRequest,
  ZRevokeOtherSessionsResponse,
  ZSecurityEventList,
  ZSecurityEventsQuery,
  ZSessionIdParams,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { pagedListDescription, sendPage } from '../../lib/cursor.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { deviceCookieHeader, deviceToken } from './device-cookie.js';
import { originOfRequest } from './security-events.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse };

/**
 * After a reset every session of the account is gone: the browser forgets its cookie now, rather than
 * learning on its next request that its session "ended". And, as after a sign-in, it is remembered as
 * the owner's device: the reset proved it, so failures from elsewhere never lock it out (decision 008).
 */
async function afterReset(request: FastifyRequest, reply: FastifyReply, userId: string) {
  const { config } = request.server;
  const cookies = [deviceCookieHeader(deviceToken(userId, config.authSecret), config.isProduction)];
  const sessionCookie = await request.server.services.accountSessions.sessionCookieName();
  if (request.cookies[sessionCookie] !== undefined) {
    const secure = config.isProduction ? '; Secure' : '';
    cookies.push(`${sessionCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  reply.header('set-cookie', cookies);
}

/** Signed-in sessions (see and revoke them), the account's security events and the forgot-password flow. */
export async function securityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sessions = app.services.accountSessions;
  const reset = app.services.passwordReset;
  // Reset emails still on their way are handed to the provider before the app closes.
  app.addHook('onClose', () => reset.settled());

  r.get(
    '/auth/sessions',
    {
      config: { accountGate: 'own-account' },
      schema: {
        tags: ['auth'],
        summary: "The caller's live sessions (this one first): device, address, when signed in and last active",
        response: { 200: ZAccountSessionsResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const current = await sessions.currentSessionId(user.id, request.cookies);
      return { sessions: await sessions.list(user.id, current) };
    },
  );

  r.delete(
    '/auth/sessions/:id',
    {
      config: { accountGate: 'own-account' },
      schema: {
        tags: ['auth'],
        summary: "Sign out one of the caller's sessions (404 for any other id)",
        params: ZSessionIdParams,
        response: { 200: ZOkResponse, 404: ZErrorResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.revoke(requireUser(request).id, request.params.id, originOfRequest(request));
      return { ok: true as const };
    },
  );

  r.post(
    '/auth/sessions/revoke-others',
    {
      config: { accountGate: 'own-account' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere else: every session of the caller but this one',
        response: { 200: ZRevokeOtherSessionsResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const current = await sessions.currentSessionId(user.id, request.cookies);
      return { revoked: await sessions.revokeOthers(user.id, current, originOfRequest(request)) };
    },
  );

  r.get(
    '/auth/security-events',
    {
      config: { accountGate: 'own-account' },
      schema: {
        tags: ['auth'],
        summary:
          "The caller's own account's security events, newest first: sign-ins, wrong two-factor codes, password " +
          'changes and resets, two-factor turned on or off, sessions signed out; each with its address and device',
        description: pagedListDescription('securityEvents'),
        querystring: ZSecurityEventsQuery,
        response: { 200: ZSecurityEventList, ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await sessions.securityEvents(requireUser(request).id, request.query)),
  );

  r.post(
    '/auth/forgot-password',
    {
      config: { accountGate: 'session', rateLimit: RATE_LIMITS.passwordResetRequests },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the same answer whether or not an account has the address)',
        body: ZForgotPasswordRequest,
        response: { 200: ZForgotPasswordResponse, ...errors },
      },
    },
    async (request) => {
      await reset.requestReset(request.body.email);
      return { ok: true as const, message: M.forgot.sent };
    },
  );

  r.post(
    '/auth/reset-password',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['auth'],
        summary:
          'Choose a new password with the emailed token: signs the account out everywhere and marks its address verified',
        body: ZResetPasswordRequest,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await reset.resetPassword(request.body, originOfRequest(request));
      await afterReset(request, reply, userId);
      return { ok: true as const };
    },
  );
}
