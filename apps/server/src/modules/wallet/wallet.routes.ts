import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { ZErrorResponse, ZWalletActivityList, ZWalletActivityQuery, ZWalletBalance } from '@holdfast/contracts';
import { users } from '../../db/schema/index.js';
import { requireUser } from '../../lib/auth-context.js';
import { walletActivity, walletSummary } from './wallet.queries.js';

export async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = ['wallet'];

  r.get(
    '/wallet/balance',
    {
      schema: { tags, summary: "The caller's wallet balances", response: { 200: ZWalletBalance, 401: ZErrorResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await db.select({ walletCurrency: users.walletCurrency }).from(users).where(eq(users.id, user.id));
      return walletSummary(db, user.id, row?.walletCurrency ?? 'ZAR');
    },
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
    async (request) => walletActivity(db, requireUser(request).id, request.query.limit),
  );
}
