import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateDisputeNoteRequest,
  ZDisputeNote,
  ZDisputeParams,
  ZErrorResponse,
  ZModeratorStats,
  ZTransactionTimeline,
} from '@holdfast/contracts';
import { z } from 'zod';
import { requireUser } from '../../lib/auth-context.js';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

/** Staff's internal notes on a case, the public record of decisions (issue 28), and a transaction's timeline. */
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

  // On the transactions path, served here: the timeline is the case file's entries (disputes.timeline.ts).
  r.get(
    '/transactions/:id/timeline',
    {
      schema: {
        tags: ['transactions'],
        summary: "A transaction's history, oldest first, for its parties (and moderators and admins)",
        description:
          'Created, funded, accepted (with the delivery date), delivered (tracking and note), the inspection ' +
          'period, disputes, offers and their answers, the decision, and the money paid out, each with who and ' +
          "when. Staff's internal notes never appear. Anyone else gets 404, as for the transaction.",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZTransactionTimeline, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.transactionTimeline(requireUser(request), request.params.id),
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
