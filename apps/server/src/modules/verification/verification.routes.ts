import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZPhoneCodeSent,
  ZPhoneVerificationConfirmRequest,
  ZPhoneVerificationStartRequest,
  ZVerificationStatus,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { originOfRequest } from '../auth/index.js';

const security = [{ session: [] }];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

/** The caller's verification: tiers and limits, and the phone step. */
export async function verificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.verification;
  const tags = ['verification'];

  r.get(
    '/verification/status',
    {
      schema: {
        tags,
        summary: "The caller's verification tier, each tier's limits, this month's withdrawals and the next step",
        security,
        response: { 200: ZVerificationStatus, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => service.status(requireUser(request).id),
  );

  r.post(
    '/verification/phone',
    {
      config: { rateLimit: RATE_LIMITS.smsCodes },
      schema: {
        tags,
        summary:
          'Send a 6-digit code by SMS to a number (with its country code); a new number replaces the account’s, unverified',
        security,
        body: ZPhoneVerificationStartRequest,
        response: { 200: ZPhoneCodeSent, ...errors, 502: ZErrorResponse },
      },
    },
    async (request) => service.startPhone(requireUser(request).id, request.body.phoneNumber),
  );

  r.post(
    '/verification/phone/confirm',
    {
      config: { rateLimit: RATE_LIMITS.twoFactorCodes },
      schema: {
        tags,
        summary: 'Type the code from the SMS: the number is verified (tier 2 once the email is verified)',
        security,
        body: ZPhoneVerificationConfirmRequest,
        response: { 200: ZVerificationStatus, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.confirmPhone(user.id, request.body.code, originOfRequest(request));
      return service.status(user.id);
    },
  );
}
