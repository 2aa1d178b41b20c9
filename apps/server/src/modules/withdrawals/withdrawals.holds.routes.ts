import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZHeldWithdrawalList,
  ZWithdrawalReviewParams,
  ZWithdrawalReviewRequest,
  ZWithdrawalReviewResult,
} from '@holdfast/contracts';
import { requireRole } from '../../lib/auth-context.js';

const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const decisionErrors = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse, 409: ZErrorResponse };

/** The admin's review of withdrawals held by sanctions screening (admins only: 401 signed out, 403 anyone else). */
export async function withdrawalHoldRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const service = () => app.services.withdrawalHolds;
  // Before the body is validated: nobody but an admin learns anything about these calls, not even a 400.
  app.addHook('preValidation', async (request) => {
    requireRole(request, 'admin');
  });

  r.get(
    '/admin/withdrawals/held',
    {
      schema: {
        tags,
        summary: 'Withdrawals held by sanctions screening, the longest waiting first, with what matched (admins only)',
        response: { 200: ZHeldWithdrawalList, ...denied },
      },
    },
    async () => service().listHeld(),
  );

  for (const [verb, decide] of [
    ['release', 'Releases a held withdrawal: its payout proceeds as usual'],
    ['reject', 'Rejects a held withdrawal: the money goes back to the person’s wallet'],
  ] as const) {
    r.post(
      `/admin/withdrawals/:id/${verb}`,
      {
        // No Idempotency-Key: the decision is taken under the withdrawal's row lock; the same decision again
        // answers as the first did and changes nothing, the other one answers 409.
        schema: {
          tags,
          summary: `${decide}; the reason goes to the audit trail and the person is told (admins only)`,
          params: ZWithdrawalReviewParams,
          body: ZWithdrawalReviewRequest,
          response: { 200: ZWithdrawalReviewResult, ...decisionErrors },
        },
      },
      async (request) => {
        const admin = requireRole(request, 'admin');
        return verb === 'release'
          ? service().release(admin, request.params.id, request.body.reason)
          : service().reject(admin, request.params.id, request.body.reason);
      },
    );
  }
}
