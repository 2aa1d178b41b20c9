import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateDisputeNoteRequest,
  ZDisputeNote,
  ZDisputeParams,
  ZErrorResponse,
  ZModeratorStats,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

/** Staff's internal notes on a case, and the public record of decisions (issue 28). */
export async function caseFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.disputes;

  r.post(
    '/disputes/:id/notes',
    {
      config: { idempotent: true },
      schema: {
        tags: ['disputes'],
        summary: 'A moderator or an admin adds an internal note to the case file (never shown to the parties)',
        description: 'Anyone else, the parties included, gets 404 as for a case they cannot see.',
        params: ZDisputeParams,
        body: ZCreateDisputeNoteRequest,
        response: { 201: ZDisputeNote, 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addNote(requireUser(request), request.params.id, request.body, idempotentAnswer(request, 201)),
        ),
  );

  r.get(
    '/moderators/stats',
    {
      config: { rateLimit: RATE_LIMITS.publicStats },
      schema: {
        tags: ['disputes'],
        summary: 'Public: disputes decided in the last 90 days, for the platform and per moderator (display names)',
        description:
          'Cases decided, median time from opening to decision, and the share released, refunded and split. ' +
          'Cases the parties settled by agreement count for the platform only. No session needed.',
        response: { 200: ZModeratorStats },
      },
    },
    async () => service.moderatorStats(),
  );
}
