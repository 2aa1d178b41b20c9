import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAcceptTransactionRequest,
  ZConfirmTransactionRequest,
  ZCreateTransactionRequest,
  ZErrorResponse,
  ZTransaction,
  ZTransactionList,
} from '@holdfast/contracts';
import { z } from 'zod';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { requireUser } from '../../lib/auth-context.js';
import { completeIdempotentRequest } from '../../lib/idempotency.js';

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
      // The stored Idempotency-Key response commits with the new row: a retry after a lost response
      // (or a crash before it was sent) replays it and never creates a second transaction.
      const view = await service.create(requireUser(request), request.body, {
        inTransaction: (tx, created) => completeIdempotentRequest(tx, request, 201, ZTransaction.parse(created)),
      });
      return reply.status(201).send(view);
    },
  );

  r.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: "The caller's transactions as buyer or verified seller, newest first",
        response: { 200: ZTransactionList, 401: ZErrorResponse },
      },
    },
    async (request) => service.list(requireUser(request)),
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
    async (request) => service.accept(requireUser(request), request.params.id, request.body ?? {}),
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
    async (request) => service.cancel(requireUser(request), request.params.id, 'decline'),
  );

  r.patch(
    '/transactions/:id/cancel',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Buyer or seller cancels: pending → cancelled (funds back to the buyer wallet)',
        params: ZParams,
        response: { 200: ZTransaction, ...idempotentErrors },
      },
    },
    async (request) => service.cancel(requireUser(request), request.params.id, 'cancel'),
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
    async (request) => service.confirm(requireUser(request), request.params.id, request.body.confirmationPhrase),
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
    async (request) => service.fundFromWallet(requireUser(request), request.params.id),
  );
}
