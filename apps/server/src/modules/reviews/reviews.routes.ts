import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateReviewRequest, ZErrorResponse, ZReview, ZReviewList, ZUserReviews } from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { requireUser } from '../../lib/auth-context.js';

const ZParams = z.object({ id: z.string().max(100) });

/** Reviews after a completed transaction (spec section 7). */
export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.reviews;
  const tags = ['reviews'];

  r.post(
    '/reviews',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'A party of a completed transaction reviews the other party, once',
        body: ZCreateReviewRequest,
        response: {
          201: ZReview,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body, idempotentAnswer(request, 201))),
  );

  r.get(
    '/transactions/:id/reviews',
    {
      schema: {
        tags,
        summary: "A transaction's reviews, with each reviewer's name and picture (parties and staff)",
        params: ZParams,
        response: { 200: ZReviewList, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.ofTransaction(requireUser(request), request.params.id),
  );

  r.get(
    '/users/:id/reviews',
    {
      schema: {
        tags,
        summary: 'Public: the reviews a person received, newest first, and their average rating',
        params: ZParams,
        response: { 200: ZUserReviews },
      },
    },
    async (request) => service.ofUser(request.params.id),
  );
}
