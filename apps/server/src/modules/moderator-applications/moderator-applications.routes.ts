import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZModeratorApplicationReceipt, ZModeratorApplicationRequest } from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

/** The public moderator application (spec: /moderator-application works signed out and signed in). */
export async function moderatorApplicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.moderatorApplications;

  r.post(
    '/moderator-applications',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.moderatorApplications },
      schema: {
        tags: ['moderator-applications'],
        summary: 'Apply to become a moderator (public; one pending application per email address)',
        body: ZModeratorApplicationRequest,
        response: {
          201: ZModeratorApplicationReceipt,
          400: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.submit(request.user, request.body, idempotentAnswer(request, 201))),
  );

  r.get(
    '/moderator-applications/confirm',
    {
      config: { rateLimit: RATE_LIMITS.moderatorApplications },
      schema: {
        tags: ['moderator-applications'],
        summary:
          "The emailed link that confirms an application's address; redirects to /moderator-application?confirmed=1 (or 0 when invalid or expired)",
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 303: z.null(), 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const confirmed = request.query.token ? await service.confirm(request.query.token) : false;
      return reply.redirect(`/moderator-application?confirmed=${confirmed ? 1 : 0}`, 303);
    },
  );
}
