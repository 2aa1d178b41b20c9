import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NEXT_CURSOR_HEADER,
  PAGE_LIMITS,
  ZErrorResponse,
  ZWalletActivityList,
  ZWalletActivityQuery,
  ZWalletBalance,
  ZStatement,
  ZStatementQuery,
  ZStatementRangeQuery,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { sendPage } from '../../lib/cursor.js';
import { sendCsv, sendPdf } from '../receipts/index.js';

const RANGE_TEXT =
  '`currency` defaults to the wallet currency; `from` and `to` are days (YYYY-MM-DD, UTC, both included), by ' +
  'default the last 30 days up to today.';

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

  r.get(
    '/wallet/statement',
    {
      schema: {
        tags,
        summary: "A page of the caller's wallet statement: movements with the running balance, oldest first",
        description: `${RANGE_TEXT} Each row's balance is the ledger's balance after that movement; the opening and closing balances are those before the range's first and after its last movement.`,
        querystring: ZStatementQuery,
        response: { 200: ZStatement, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => service.statement(requireUser(request).id, request.query),
  );

  r.get(
    '/wallet/statement.csv',
    {
      schema: {
        tags,
        summary: "The caller's wallet statement for a range as CSV (every row)",
        description: `${RANGE_TEXT} Cells a spreadsheet would read as a formula start with an apostrophe.`,
        querystring: ZStatementRangeQuery,
        response: { 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => sendCsv(reply, await service.statementCsv(requireUser(request).id, request.query)),
  );

  r.get(
    '/wallet/statement.pdf',
    {
      schema: {
        tags,
        summary: "The caller's wallet statement for a range as PDF (every row)",
        description: RANGE_TEXT,
        querystring: ZStatementRangeQuery,
        response: { 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const name = [user.firstName, user.lastName].filter((s) => s?.trim()).join(' ');
      const holder = name ? `${name} <${user.email}>` : user.email;
      return sendPdf(reply, await service.statementPdf(user.id, request.query, holder));
    },
  );
}
