import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDepositRequest,
  ZErrorResponse,
  ZPayment,
  ZPaymentIdParams,
  ZPaymentIntentResponse,
  ZPaymentResult,
  ZPaymentTransactionParams,
  ZFundMilestonesRequest,
  ZSandboxConfirmRequest,
} from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { requireUser } from '../../lib/auth-context.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

const idempotent = { idempotent: true } as const;
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const security = [{ session: [] }];

/** Card payments (transaction funding) and card deposits into the wallet. */
export async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.payments;

  r.post(
    '/transactions/:id/create-payment-intent',
    {
      config: idempotent,
      schema: {
        tags: ['payments'],
        summary: 'Start (or resume) the card payment of a transaction total; buyer only',
        description:
          'A deal paid in stages pays milestones: `milestoneIds` names them (their totals summed), else the next ' +
          'unfunded milestone. A deal of one amount takes no body.',
        security,
        params: ZPaymentTransactionParams,
        body: ZFundMilestonesRequest.partial().nullish(),
        response: { 200: ZPaymentIntentResponse, ...errors, 422: ZErrorResponse, 502: ZErrorResponse },
      },
    },
    async (request) =>
      service.createTransactionIntent(
        requireUser(request),
        request.params.id,
        idempotentAnswer(request, 200),
        request.body?.milestoneIds,
      ),
  );

  r.post(
    '/wallet/deposit',
    {
      config: { ...idempotent, rateLimit: RATE_LIMITS.depositIntents },
      schema: {
        tags: ['payments'],
        summary: 'Start a card deposit into the caller’s wallet',
        security,
        body: ZDepositRequest,
        response: { 200: ZPaymentIntentResponse, ...errors, 422: ZErrorResponse, 502: ZErrorResponse },
      },
    },
    async (request) => service.createDeposit(requireUser(request), request.body, idempotentAnswer(request, 200)),
  );

  r.post(
    '/payments/sandbox/confirm',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.providerCalls },
      schema: {
        tags: ['payments'],
        summary: 'Pay a sandbox intent with a test card (sandbox provider only)',
        security,
        body: ZSandboxConfirmRequest,
        response: { 200: ZPaymentResult, ...errors, 402: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request) => service.confirmSandbox(requireUser(request), request.body, idempotentAnswer(request, 200)),
  );

  r.post(
    '/payments/:paymentId/sync',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.providerCalls },
      schema: {
        tags: ['payments'],
        summary: 'Ask the provider about a payment and apply its success (return page)',
        security,
        params: ZPaymentIdParams,
        response: { 200: ZPayment, ...errors, 422: ZErrorResponse, 429: ZErrorResponse, 502: ZErrorResponse },
      },
    },
    async (request) => service.sync(requireUser(request), request.params.paymentId, idempotentAnswer(request, 200)),
  );

  r.get(
    '/payments/:paymentId',
    {
      schema: {
        tags: ['payments'],
        summary: 'One of the caller’s payments',
        security,
        params: ZPaymentIdParams,
        response: { 200: ZPayment, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.get(requireUser(request), request.params.paymentId),
  );
}

/**
 * Provider webhooks. Its own plugin so the raw-body parser (the signature covers the exact bytes)
 * applies to this route only.
 */
export async function paymentWebhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.payments;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  r.post(
    '/payments/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)',
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }),
          400: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
      return service.handleWebhook(raw, request.headers);
    },
  );
}
