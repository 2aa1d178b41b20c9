import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAssignDisputeRequest,
  ZCreateDisputeRequest,
  ZCreateOfferRequest,
  ZDispute,
  ZDisputeCase,
  ZDisputeList,
  ZDisputeListQuery,
  ZDisputeParams,
  ZDisputeStats,
  ZDecisionRecord,
  ZDisputeHistoryQuery,
  ZDisputeWorkload,
  ZErrorResponse,
  ZResolvedCaseList,
  WORKLOAD_PREVIEW,
  ZModeratorDisputeListQuery,
  NEXT_CURSOR_HEADER,
  PAGE_LIMITS,
  ZOfferParams,
  ZRejectProposalRequest,
  ZResolveDisputeRequest,
  ZSettlementOffer,
} from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { requireUser } from '../../lib/auth-context.js';
import { pagedListDescription, sendPage } from '../../lib/cursor.js';
import { caseFileRoutes } from './disputes.case-file.routes.js';
import { disputeEvidenceRoutes } from './disputes.evidence.routes.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const idempotent = { idempotent: true } as const;

/** Disputes, their settlement offers, and the moderators' queue (spec section 7). */
export async function disputeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.disputes;
  const tags = ['disputes'];

  r.post(
    '/disputes',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'A party disputes a funded transaction; it becomes disputed and its money stays in escrow',
        body: ZCreateDisputeRequest,
        response: { 201: ZDispute, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body, idempotentAnswer(request, 201))),
  );

  r.get(
    '/disputes',
    {
      schema: {
        tags,
        summary: "Disputes on the caller's transactions, newest first, a page at a time",
        description:
          `Without parameters: the newest ${PAGE_LIMITS.disputes.default}; \`transactionId\` keeps one transaction's. ` +
          `When there are more, the \`${NEXT_CURSOR_HEADER}\` response header carries a cursor for \`?cursor=\` ` +
          '(absent on the last page). A cursor this server did not issue: 400 INVALID_CURSOR.',
        querystring: ZDisputeListQuery,
        response: { 200: ZDisputeList, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => sendPage(reply, await service.list(requireUser(request), request.query)),
  );

  r.get(
    '/disputes/moderator',
    {
      schema: {
        tags,
        summary: 'Open and in-review disputes, most urgent first (moderators only), a page at a time',
        description:
          `Without parameters: the first ${PAGE_LIMITS.disputes.default}. When there are more, the ` +
          `\`${NEXT_CURSOR_HEADER}\` response header carries a cursor for \`?cursor=\` (absent on the last page). ` +
          'A cursor this server did not issue: 400 INVALID_CURSOR.',
        querystring: ZModeratorDisputeListQuery,
        response: { 200: ZDisputeList, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request, reply) => sendPage(reply, await service.listForModerator(requireUser(request), request.query)),
  );

  r.get(
    '/disputes/stats',
    {
      schema: {
        tags,
        summary: 'Open, in review, resolved today and the resolution rate (moderators only)',
        response: { 200: ZDisputeStats, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => service.stats(requireUser(request)),
  );

  const staffDenied = { 401: ZErrorResponse, 403: ZErrorResponse };

  r.get(
    '/disputes/waiting',
    {
      schema: {
        tags,
        summary: 'What waits for the calling moderator or admin: their cases, the queue, overdue cases, second reviews',
        description:
          `Each group has its count and its first ${WORKLOAD_PREVIEW} cases. A moderator's groups are their own ` +
          "work (their cases in review, their overdue ones, other moderators' decisions to review); an admin's are " +
          'everyone’s, and `mine` is empty. Buyers and sellers: 403.',
        response: { 200: ZDisputeWorkload, ...staffDenied },
      },
    },
    async (request) => service.waiting(requireUser(request)),
  );

  r.get(
    '/disputes/history',
    {
      schema: {
        tags,
        summary: 'Resolved cases, the latest decision first: a moderator’s own decisions, every case for an admin',
        description:
          '`q` finds a case by its transaction’s description, a party’s name or email, or the case id (or its ' +
          `first characters). ${pagedListDescription('disputeHistory')} Buyers and sellers: 403.`,
        querystring: ZDisputeHistoryQuery,
        response: { 200: ZResolvedCaseList, 400: ZErrorResponse, ...staffDenied },
      },
    },
    async (request, reply) => sendPage(reply, await service.history(requireUser(request), request.query)),
  );

  r.get(
    '/disputes/history/figures',
    {
      schema: {
        tags,
        summary: 'Cases decided and the median time to decision: a moderator’s own, the platform’s for an admin',
        response: { 200: ZDecisionRecord, ...staffDenied },
      },
    },
    async (request) => service.historyFigures(requireUser(request)),
  );

  r.get(
    '/disputes/:id',
    {
      schema: {
        tags,
        summary: 'The whole case: dispute, transaction, history and offers (parties and moderators)',
        params: ZDisputeParams,
        response: { 200: ZDisputeCase, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.getCase(requireUser(request), request.params.id),
  );

  r.patch(
    '/disputes/:id/assign',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'A moderator takes an open dispute (moderatorId is their own id): open → in_review',
        params: ZDisputeParams,
        body: ZAssignDisputeRequest,
        response: { 200: ZDispute, ...errors },
      },
    },
    async (request) =>
      service.assign(requireUser(request), request.params.id, request.body.moderatorId, idempotentAnswer(request, 200)),
  );

  r.patch(
    '/disputes/:id/resolve',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'A moderator decides: release, refund or partial (refundAmount); final, moves the money',
        description:
          'Applies to the money in dispute (`disputedAmount`). `evidenceIds` names the evidence relied on. When ' +
          'the amount in dispute is at or above DISPUTE_SECOND_REVIEW_AMOUNT, no money moves: the decision is ' +
          'recorded as `secondReview` and waits for another moderator or an admin (approve / reject-proposal).',
        params: ZDisputeParams,
        body: ZResolveDisputeRequest,
        response: { 200: ZDispute, ...errors },
      },
    },
    async (request) =>
      service.resolve(requireUser(request), request.params.id, request.body, idempotentAnswer(request, 200)),
  );

  r.post(
    '/disputes/:id/approve',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'A second moderator or an admin approves the waiting decision: it settles and moves the money',
        params: ZDisputeParams,
        response: { 200: ZDispute, ...errors },
      },
    },
    async (request) => service.approve(requireUser(request), request.params.id, idempotentAnswer(request, 200)),
  );

  r.post(
    '/disputes/:id/reject-proposal',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'A second moderator or an admin sends the waiting decision back to its moderator (with a reason)',
        params: ZDisputeParams,
        body: ZRejectProposalRequest,
        response: { 200: ZDispute, ...errors },
      },
    },
    async (request) =>
      service.rejectProposal(requireUser(request), request.params.id, request.body, idempotentAnswer(request, 200)),
  );

  r.post(
    '/disputes/:id/offers',
    {
      config: idempotent,
      schema: {
        tags,
        summary: 'A party proposes a split (refundAmount to the buyer); replaces the open offer',
        params: ZDisputeParams,
        body: ZCreateOfferRequest,
        response: { 201: ZSettlementOffer, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.makeOffer(
            requireUser(request),
            request.params.id,
            request.body,
            idempotentAnswer(request, 201),
          ),
        ),
  );

  for (const answer of ['accept', 'reject'] as const) {
    r.patch(
      `/disputes/:id/offers/:offerId/${answer}`,
      {
        config: idempotent,
        schema: {
          tags,
          summary:
            answer === 'accept'
              ? 'The other party accepts the open offer: settled like a partial resolution'
              : 'The other party rejects the open offer',
          params: ZOfferParams,
          response: { 200: ZDispute, ...errors },
        },
      },
      async (request) =>
        service.answerOffer(
          requireUser(request),
          request.params.id,
          request.params.offerId,
          answer,
          idempotentAnswer(request, 200),
        ),
    );
  }

  await caseFileRoutes(app);
  // The parties' statements and evidence (disputes.evidence.routes.ts).
  await disputeEvidenceRoutes(app);
}
