import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NEXT_CURSOR_HEADER,
  PAGE_LIMITS,
  ZErrorResponse,
  ZWalletActivityList,
  ZWalletActivityQuery,
  ZWalletBalance,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { sendPage } from '../../lib/cursor.js';

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
        summary: "Movements on the caller's wallets, newest first, a page at a time",
        description:
          `Without parameters: the newest ${PAGE_LIMITS.walletActivity.default}. When there are more, the ` +
          `\`${NEXT_CURSOR_HEADER}\` response header carries a cursor: pass it as \`?cursor=\` for the next page ` +
          `(absent on the last page). \`limit\` is 1 to ${PAGE_LIMITS.walletActivity.max}. A cursor this server ` +
          'did not issue: 400 INVALID_CURSOR.',
        querystring: ZWalletActivityQuery,
        response: { 200: ZWalletActivityList, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => sendPage(reply, await service.activity(requireUser(request).id, request.query)),
  );
}
