import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAcceptTransactionRequest,
  ZConfirmTransactionRequest,
  ZCreateTransactionRequest,
  ZDeliverTransactionRequest,
  ZErrorResponse,
  ZResendInvitationResponse,
  ZTransaction,
  ZTransactionList,
  ZTransactionListQuery,
  ZTransactionStats,
  NEXT_CURSOR_HEADER,
  PAGE_LIMITS,
} from '@holdfast/contracts';
import { z } from 'zod';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../lib/auth-context.js';
import { sendPage } from '../../lib/cursor.js';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { milestoneRoutes } from './transactions.milestones.routes.js';

const ZParams = z.object({ id: z.string().max(64) });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const idempotent = { idempotent: true } as const;
/** Idempotent calls also answer 422 when a key is reused with other parameters. */
const idempotentErrors = { ...errors, 422: ZErrorResponse };

export async function transactionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.transactions;
  const tags = ['transactions'];

  r.post(
    '/transactions',
    {
      config: { ...idempotent, rateLimit: RATE_LIMITS.transactionCreation },
      schema: {
        tags,
        summary: 'Create an escrow transaction (the caller is the buyer)',
        body: ZCreateTransactionRequest,
        response: { 201: ZTransaction, ...idempotentErrors },
      },
    },
    async (request, reply) => {
      const view = await service.create(requireUser(request), request.body, idempotentAnswer(request, 201));
      return reply.status(201).send(view);
    },
  );

  r.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: "The caller's transactions as buyer or verified seller, newest first, a page at a time",
        description:
          `Without parameters: the first page (${PAGE_LIMITS.transactions.default} transactions). ` +
          `When there are more, the \`${NEXT_CURSOR_HEADER}\` response header carries a cursor: pass it as ` +
          '`?cursor=` for the next page (the header is absent on the last page). `limit` is 1 to ' +
          `${PAGE_LIMITS.transactions.max}; \`status\` keeps one status; \`q\`, \`sort\`, \`minAmount\`, ` +
          '`maxAmount`, `from` and `to` search, sort and narrow it (a cursor continues its own sort). ' +
          'A cursor this server did not issue, or one of another sort: ' +
          '400 INVALID_CURSOR. Each page comes with an `ETag` and `Cache-Control: private, no-cache`: asked ' +
          'again with `If-None-Match`, an unchanged page answers 304 Not Modified with no body.',
        querystring: ZTransactionListQuery,
        response: {
          200: ZTransactionList,
          304: z.void().describe('Not Modified: the page named by If-None-Match is current'),
          400: ZErrorResponse,
          401: ZErrorResponse,
        },
      },
      // After the app-wide hook that marks signed-in answers no-store: the browser keeps a page and asks
      // whether it changed (its ETag) every time it would use it (decision 015).
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('cache-control', 'private, no-cache');
        return payload;
      },
    },
    async (request, reply) => {
      const { etag, page } = await service.list(requireUser(request), request.query, request.headers['if-none-match']);
      void reply.header('etag', etag);
      if (!page) return reply.code(304).send();
      return sendPage(reply, page);
    },
  );

  r.get(
    '/transactions/stats',
    {
      schema: {
        tags,
        summary: "How many of the caller's transactions (as buyer or verified seller) are in each status",
        response: { 200: ZTransactionStats, 401: ZErrorResponse },
      },
    },
    async (request) => service.stats(requireUser(request)),
  );

  r.get(
    '/transactions/:id',
    {
      schema: {
        tags,
        summary: 'One transaction (parties, moderators and admins)',
        params: ZParams,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) => service.get(requireUser(request), request.params.id),
  );

  r.patch(
    '/transactions/:id/accept',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Seller accepts: pending → active',
        params: ZParams,
        body: ZAcceptTransactionRequest.nullish(),
        response: { 200: ZTransaction, ...idempotentErrors },
      },
    },
    async (request) =>
      service.accept(requireUser(request), request.params.id, request.body ?? {}, idempotentAnswer(request, 200)),
  );

  r.patch(
    '/transactions/:id/decline',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Seller declines: pending → cancelled (funds back to the buyer wallet)',
        params: ZParams,
        response: { 200: ZTransaction, ...idempotentErrors },
      },
    },
    async (request) =>
      service.cancel(requireUser(request), request.params.id, 'decline', idempotentAnswer(request, 200)),
  );

  r.patch(
    '/transactions/:id/cancel',
    {
      config: idempotent,
      schema: {
        tags,
        summary:
          'Buyer or seller cancels: pending → cancelled; the buyer may also cancel an accepted deal whose delivery is late (lateCancelFrom). Funds go back to the buyer wallet',
        params: ZParams,
        response: { 200: ZTransaction, ...idempotentErrors },
      },
    },
    async (request) =>
      service.cancel(requireUser(request), request.params.id, 'cancel', idempotentAnswer(request, 200)),
  );

  r.patch(
    '/transactions/:id/confirm',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Buyer confirms receipt: active → completed, funds released',
        params: ZParams,
        body: ZConfirmTransactionRequest,
        response: { 200: ZTransaction, ...idempotentErrors },
      },
    },
    async (request) =>
      service.confirm(
        requireUser(request),
        request.params.id,
        request.body.confirmationPhrase,
        idempotentAnswer(request, 200),
      ),
  );

  r.patch(
    '/transactions/:id/deliver',
    {
      config: idempotent,
      schema: {
        tags,
        summary:
          'Seller marks an accepted, funded transaction delivered: the inspection period starts, then the money is released automatically',
        params: ZParams,
        body: ZDeliverTransactionRequest.nullish(),
        response: { 200: ZTransaction, ...idempotentErrors },
      },
    },
    async (request) =>
      service.deliver(requireUser(request), request.params.id, request.body ?? {}, idempotentAnswer(request, 200)),
  );

  r.post(
    '/transactions/:id/resend-invitation',
    {
      schema: {
        tags,
        summary: 'Buyer sends the invitation email to a seller who is not on Holdfast yet again (once an hour)',
        description:
          'Only while the deal waits for a seller with no verified account. 403 for the seller or staff, 404 for ' +
          'anyone else, 409 SELLER_JOINED once the seller has an account (ALREADY_CANCELLED when cancelled), ' +
          '429 RATE_LIMITED within an hour of the last invitation. Recorded in the transaction history.',
        params: ZParams,
        response: { 200: ZResendInvitationResponse, ...errors, 429: ZErrorResponse },
      },
    },
    async (request) => service.resendInvitation(requireUser(request), request.params.id),
  );

  r.post(
    '/transactions/:id/fund-from-wallet',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Buyer funds escrow from their wallet',
        params: ZParams,
        response: { 200: ZTransaction, ...idempotentErrors },
      },
    },
    async (request) => service.fundFromWallet(requireUser(request), request.params.id, idempotentAnswer(request, 200)),
  );

  await milestoneRoutes(app);
}
