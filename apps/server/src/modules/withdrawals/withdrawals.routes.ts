import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZWithdrawal,
  ZWithdrawalList,
  ZWithdrawalListQuery,
  ZWithdrawRequest,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

const security = [{ session: [] }];

/** Withdrawals from the caller's wallet to a bank account. */
export async function withdrawalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.withdrawals;
  const tags = ['wallet'];

  r.post(
    '/wallet/withdraw',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.withdrawals },
      schema: {
        tags,
        summary: 'Withdraw from the caller’s wallet to a bank account (paid out by the payout provider)',
        security,
        body: ZWithdrawRequest,
        response: {
          201: ZWithdrawal,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const view = await service.request(requireUser(request), request.body, idempotentAnswer(request, 201));
      return reply.status(201).send(view);
    },
  );

  r.get(
    '/wallet/withdrawals',
    {
      schema: {
        tags,
        summary: 'The caller’s withdrawals, newest first',
        security,
        querystring: ZWithdrawalListQuery,
        response: { 200: ZWithdrawalList, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => service.list(requireUser(request).id, request.query.limit),
  );
}
