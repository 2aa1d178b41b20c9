import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZTwoFactorCodeRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorSentResponse,
  ZTwoFactorSetupAppResponse,
  ZTwoFactorSetupSmsRequest,
  ZTwoFactorSetupSmsResponse,
  ZTwoFactorSignInRequest,
  ZUserResponse,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { authHeaders, forwardCookies } from './auth.plugin.js';
import { DEVICE_COOKIE, deviceCookieHeader } from './device-cookie.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
  502: ZErrorResponse,
};

/** The spec's /api/auth/2fa/... calls, and the second step of sign-in. */
export async function twoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const twoFactor = app.services.twoFactor;
  const auth = app.services.auth;
  const tags = ['two-factor'];

  r.post(
    '/auth/2fa/setup/app',
    {
      config: { accountGate: 'own-account' },
      schema: {
        tags,
        summary: 'Start enrolment with an authenticator app: QR code (PNG data URL), secret and ten backup codes',
        response: { 200: ZTwoFactorSetupAppResponse, ...errors },
      },
    },
    async (request) => twoFactor.setupApp(requireUser(request)),
  );

  r.post(
    '/auth/2fa/setup/sms',
    {
      config: { accountGate: 'own-account', rateLimit: RATE_LIMITS.smsCodes },
      schema: {
        tags,
        summary: 'Start enrolment by SMS: a code goes to the number (with its country code); ten backup codes',
        body: ZTwoFactorSetupSmsRequest,
        response: { 200: ZTwoFactorSetupSmsResponse, ...errors },
      },
    },
    async (request) => twoFactor.setupSms(requireUser(request), request.body.phoneNumber, authHeaders(request)),
  );

  r.post(
    '/auth/2fa/verify',
    {
      config: { accountGate: 'own-account', rateLimit: RATE_LIMITS.twoFactorCodes },
      schema: {
        tags,
        summary: 'Finish enrolment with the first code: two-factor authentication is on',
        body: ZTwoFactorCodeRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Better Auth replaces the session as two-factor turns on: the new cookie goes back to the browser.
      forwardCookies(reply, await twoFactor.verify(user, request.body.code, authHeaders(request)));
      return { user: await auth.getUser(user.id) };
    },
  );

  r.post(
    '/auth/2fa/disable',
    {
      config: { accountGate: 'own-account', rateLimit: RATE_LIMITS.twoFactorCodes },
      schema: {
        tags,
        summary: 'Turn two-factor authentication off with a current code (or a backup code)',
        body: ZTwoFactorDisableRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await twoFactor.disable(user, request.body.code, authHeaders(request));
      return { user: await auth.getUser(user.id) };
    },
  );

  r.post(
    '/auth/2fa/send-sms',
    {
      config: { accountGate: 'own-account', rateLimit: RATE_LIMITS.smsCodes },
      schema: {
        tags,
        summary: "Send an SMS code to the account's number (to disable, or again during an SMS setup)",
        response: { 200: ZTwoFactorSentResponse, ...errors },
      },
    },
    async (request) => twoFactor.sendSms(requireUser(request), authHeaders(request)),
  );

  r.post(
    '/auth/2fa/sign-in',
    {
      config: { accountGate: 'own-account', rateLimit: RATE_LIMITS.twoFactorSignIn },
      schema: {
        tags,
        summary: 'Second step of sign-in: the code from the app or SMS, or a backup code; starts the session',
        body: ZTwoFactorSignInRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, headers } = await twoFactor.completeSignIn(request.body.code, {
        headers: authHeaders(request),
        ip: request.ip,
        knownDeviceUserId: auth.deviceOwner(request.cookies[DEVICE_COOKIE]),
      });
      const signedIn = await auth.signedInAfterTwoFactor(userId, headers);
      forwardCookies(reply, signedIn.headers, [deviceCookieHeader(signedIn.deviceToken, app.config.isProduction)]);
      return { user: signedIn.user };
    },
  );

  r.post(
    '/auth/2fa/sign-in/send-sms',
    {
      config: { accountGate: 'own-account', rateLimit: { ...RATE_LIMITS.twoFactorSignIn, max: 5 } },
      schema: {
        tags,
        summary: 'Send the SMS code of a sign-in waiting for its second step again',
        response: { 200: ZTwoFactorSentResponse, ...errors },
      },
    },
    async (request) => twoFactor.resendChallengeSms(authHeaders(request)),
  );
}
