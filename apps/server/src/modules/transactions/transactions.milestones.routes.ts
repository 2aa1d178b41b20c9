import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZConfirmTransactionRequest,
  ZDeliverTransactionRequest,
  ZErrorResponse,
  ZFundMilestonesRequest,
  ZMilestoneParams,
  ZTransaction,
} from '@holdfast/contracts';
import { z } from 'zod';
import { requireUser } from '../../lib/auth-context.js';
import { idempotentAnswer } from '../../lib/idempotency.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const idempotent = { idempotent: true } as const;

/**
 * The milestone actions of a deal paid in stages (decision 033). Each answers the whole transaction as the
 * caller sees it afterwards, like the deal's own actions; each takes an Idempotency-Key.
 */
export async function milestoneRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.transactions;
  const tags = ['transactions'];

  r.post(
    '/transactions/:id/milestones/fund',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Buyer pays one or more unfunded milestones from their wallet (each into its own escrow)',
        params: z.object({ id: z.string().max(64) }),
        body: ZFundMilestonesRequest,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) =>
      service.fundMilestonesFromWallet(
        requireUser(request),
        request.params.id,
        request.body.milestoneIds,
        idempotentAnswer(request, 200),
      ),
  );

  r.post(
    '/transactions/:id/milestones/cancel-remaining',
    {
      config: idempotent,
      schema: {
        tags,
        summary:
          'Seller cancels the remaining stages of an accepted deal: unfunded milestones end, funded ones not yet ' +
          'delivered are refunded to the buyer; delivered and disputed ones go on',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) => service.cancelRemaining(requireUser(request), request.params.id, idempotentAnswer(request, 200)),
  );

  r.post(
    '/transactions/:id/milestones/:milestoneId/fund',
    {
      config: idempotent,
      schema: {
        tags,
        summary: "Buyer pays one milestone's total from their wallet into its escrow",
        params: ZMilestoneParams,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) =>
      service.fundMilestonesFromWallet(
        requireUser(request),
        request.params.id,
        [request.params.milestoneId],
        idempotentAnswer(request, 200),
      ),
  );

  r.post(
    '/transactions/:id/milestones/:milestoneId/deliver',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Seller marks a funded milestone delivered: its inspection period starts, then it is released',
        params: ZMilestoneParams,
        body: ZDeliverTransactionRequest.nullish(),
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) =>
      service.deliverMilestone(
        requireUser(request),
        request.params.id,
        request.params.milestoneId,
        request.body ?? {},
        idempotentAnswer(request, 200),
      ),
  );

  r.post(
    '/transactions/:id/milestones/:milestoneId/confirm',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Buyer confirms a milestone with the confirmation phrase: its money is released to the seller',
        params: ZMilestoneParams,
        body: ZConfirmTransactionRequest,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) =>
      service.confirmMilestone(
        requireUser(request),
        request.params.id,
        request.params.milestoneId,
        request.body.confirmationPhrase,
        idempotentAnswer(request, 200),
      ),
  );

  r.post(
    '/transactions/:id/milestones/:milestoneId/cancel',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'Buyer cancels a funded milestone whose delivery is late (lateCancelFrom): its total is refunded',
        params: ZMilestoneParams,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (request) =>
      service.cancelMilestone(
        requireUser(request),
        request.params.id,
        request.params.milestoneId,
        idempotentAnswer(request, 200),
      ),
  );
}
