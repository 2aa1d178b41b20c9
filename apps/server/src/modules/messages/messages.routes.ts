import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZArchiveConversationResponse,
  ZConversation,
  ZConversationList,
  ZConversationListQuery,
  ZConversationParams,
  ZDirectMessage,
  ZDirectMessageHistoryQuery,
  ZDirectMessageList,
  ZErrorResponse,
  ZMarkConversationReadResponse,
  ZSendDirectMessageRequest,
} from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { requireUser } from '../../lib/auth-context.js';
import { historyListDescription, pagedListDescription as PAGED, sendPage } from '../../lib/cursor.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

const errors = {
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

/** Private messages between the two parties of a transaction (spec section 7). */
export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.messages;
  const tags = ['messages'];

  r.get(
    '/conversations',
    {
      schema: {
        tags,
        summary:
          "The caller's conversations, one per transaction they are a party to, newest activity first " +
          '(archived ones come back when a newer message arrives), a page at a time',
        description: PAGED('conversations'),
        querystring: ZConversationListQuery,
        response: { 200: ZConversationList, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => sendPage(reply, await service.list(requireUser(request), request.query)),
  );

  r.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One conversation as the list shows it, also when the caller archived it (its two parties only)',
        params: ZConversationParams,
        response: { 200: ZConversation, ...errors },
      },
    },
    async (request) => service.get(requireUser(request), request.params.id),
  );

  r.get(
    '/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: "A conversation's latest 200 messages, oldest first (its two parties only)",
        description: historyListDescription('directMessages'),
        params: ZConversationParams,
        querystring: ZDirectMessageHistoryQuery,
        response: { 200: ZDirectMessageList, ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.messages(requireUser(request), request.params.id, request.query)),
  );

  r.post(
    '/messages',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.directMessages },
      schema: {
        tags,
        summary:
          'Send a private message to the other party of the transaction (content trimmed, 1-2000 characters, plain text)',
        body: ZSendDirectMessageRequest,
        response: {
          201: ZDirectMessage,
          400: ZErrorResponse,
          ...errors,
          409: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.send(requireUser(request), request.body, idempotentAnswer(request, 201))),
  );

  r.patch(
    '/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark the messages sent to the caller in this conversation read (their sender sees it live)',
        params: ZConversationParams,
        response: { 200: ZMarkConversationReadResponse, ...errors },
      },
    },
    async (request) => service.read(requireUser(request), request.params.id),
  );

  r.patch(
    '/conversations/:id/archive',
    {
      schema: {
        tags,
        summary: "Archive the conversation: gone from the caller's list (only) until a newer message arrives",
        params: ZConversationParams,
        response: { 200: ZArchiveConversationResponse, ...errors },
      },
    },
    async (request) => service.archive(requireUser(request), request.params.id),
  );
}
