import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZWalletActivityList, ZWalletActivityQuery, ZWalletBalance } from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';

export async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.wallet;
  const tags = ['wallet'];

  r.get(
    '/wallet/balance',
    {
      schema: { tags, summary: "The caller's wallet balances", response: { 200: ZWalletBalance, 401: ZErrorResponse } },
    },
    async (request) => service.summary(requireUser(request).id),
  );

  r.get(
    '/wallet/transactions',
    {
      schema: {
        tags,
        summary: "Recent movements on the caller's wallets, newest first",
        querystring: ZWalletActivityQuery,
        response: { 200: ZWalletActivityList, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => service.activity(requireUser(request).id, request.query.limit),
  );
}
