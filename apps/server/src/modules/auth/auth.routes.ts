import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAcceptTermsRequest,
  ZChangePasswordRequest,
  ZErrorResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZOkResponse,
  ZRegisterRequest,
  ZSessionResponse,
  ZUpdateProfileRequest,
  ZUser,
  ZUserResponse,
} from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { requireUser } from '../../lib/auth-context.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { authHeaders, forwardCookies } from './auth.plugin.js';
import type { ChallengedSignIn, SignedIn } from './auth.service.js';
import { DEVICE_COOKIE, deviceCookieHeader } from './device-cookie.js';
import { originOfRequest } from './security-events.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse };

/** The session cookie from Better Auth and the device cookie that remembers this browser signed in. */
function sendSignedIn(reply: FastifyReply, signedIn: SignedIn) {
  const secure = reply.server.config.isProduction;
  forwardCookies(reply, signedIn.headers, [deviceCookieHeader(signedIn.deviceToken, secure)]);
}

/**
 * A sign-in's answer: the user with their session cookie, or (two-factor on) the challenge cookie and
 * what the second step needs; the device cookie comes only with a real session.
 */
function sendSignInResult(reply: FastifyReply, result: SignedIn | ChallengedSignIn) {
  if ('challenge' in result) {
    forwardCookies(reply, result.headers);
    return result.challenge;
  }
  sendSignedIn(reply, result);
  return { user: result.user };
}

/** Who is signing in from where, and whether this browser signed in to an account before. */
function signInContext(request: FastifyRequest) {
  return {
    headers: authHeaders(request),
    ip: request.ip,
    knownDeviceUserId: request.server.services.auth.deviceOwner(request.cookies[DEVICE_COOKIE]),
  };
}

/** The spec's /api/auth/... calls; each one hands Better Auth the work on the server side. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.auth;

  r.post(
    '/auth/register',
    {
      config: { accountGate: 'session', rateLimit: RATE_LIMITS.registration },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (buyer or seller) and sign in',
        body: ZRegisterRequest,
        response: { 201: ZUserResponse, 409: ZErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await service.register(request.body, authHeaders(request));
      sendSignedIn(reply, signedIn);
      const { user } = signedIn;
      return reply.status(201).send({ user });
    },
  );

  r.post(
    '/auth/login',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (with two-factor on, the code follows at /auth/2fa/sign-in)',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors },
      },
    },
    async (request, reply) => sendSignInResult(reply, await service.login(request.body, signInContext(request))),
  );

  r.post(
    '/auth/admin/login',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in to the admin area (administrators only; with two-factor on, the code follows)',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendSignInResult(reply, await service.login(request.body, signInContext(request), { adminOnly: true })),
  );

  r.post(
    '/auth/logout',
    {
      config: { accountGate: 'session' },
      schema: { tags: ['auth'], summary: 'Sign out and revoke the session', response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      forwardCookies(reply, await service.logout(authHeaders(request)));
      return { ok: true as const };
    },
  );

  r.get(
    '/auth/user',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user: the spec's User object itself",
        response: { 200: ZUser, 401: ZErrorResponse },
      },
    },
    async (request) => service.getUser(requireUser(request).id),
  );

  // Also the browser's keep-alive while a person is active: every signed-in request records activity.
  r.get(
    '/auth/session',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in (user null when nobody), and whether a session just ended',
        response: { 200: ZSessionResponse },
      },
    },
    async (request) => ({
      user: request.user ? await service.getUser(request.user.id) : null,
      sessionEnded: request.sessionEnded,
    }),
  );

  r.post(
    '/auth/update-profile',
    {
      config: { accountGate: 'own-account' },
      schema: {
        tags: ['auth'],
        summary: "Update the signed-in user's name",
        body: ZUpdateProfileRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => ({ user: await service.updateProfile(requireUser(request), request.body) }),
  );

  r.post(
    '/auth/change-password',
    {
      config: { accountGate: 'session', idempotent: true },
      schema: {
        tags: ['auth'],
        summary:
          'Replace the password (the current one is checked); clears a temporary password and signs out other sessions',
        body: ZChangePasswordRequest,
        response: { 200: ZUserResponse, ...errors, 422: ZErrorResponse },
      },
    },
    async (request) => ({
      user: await service.changePassword(
        requireUser(request),
        request.body,
        authHeaders(request),
        idempotentAnswer(request, 200, (user) => ({ user })),
      ),
    }),
  );

  r.post(
    '/auth/accept-terms',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['auth'],
        summary:
          'Accept the current Terms of Service (the version GET /api/legal/terms gave); asked of every account once per version',
        body: ZAcceptTermsRequest,
        response: { 200: ZUserResponse, 409: ZErrorResponse, ...errors },
      },
    },
    async (request) => ({
      user: await service.acceptTerms(requireUser(request), request.body, originOfRequest(request)),
    }),
  );

  r.post(
    '/auth/resend-verification',
    {
      config: { accountGate: 'own-account', rateLimit: RATE_LIMITS.verificationEmail },
      schema: {
        tags: ['auth'],
        summary: 'Send the email verification link again',
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await service.resendVerification(requireUser(request), authHeaders(request));
      return { ok: true as const };
    },
  );
}
