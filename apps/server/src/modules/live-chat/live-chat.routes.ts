import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZLiveChatMessage,
  ZLiveChatMessageList,
  ZLiveChatSendRequest,
  ZLiveChatThreadDetail,
  ZLiveChatThreadList,
  ZLiveChatThreadListQuery,
  ZLiveChatThreadParams,
} from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { requireUser } from '../../lib/auth-context.js';
import { pagedListDescription, sendPage } from '../../lib/cursor.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

/** Live chat with the support team (spec section 7), and the staff console's side of it. */
export async function liveChatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.liveChat;
  const tags = ['live chat'];
  const sending = { idempotent: true, rateLimit: RATE_LIMITS.liveChatMessages };

  r.get(
    '/chat/messages',
    {
      schema: {
        tags,
        summary: "The caller's own thread with support: the latest 200 messages, oldest first (the page polls it)",
        response: { 200: ZLiveChatMessageList, 401: ZErrorResponse },
      },
    },
    async (request) => service.messages(requireUser(request)),
  );

  r.post(
    '/chat/send',
    {
      config: sending,
      schema: {
        tags,
        summary: "Writes into the caller's own thread (trimmed; 1-1000 characters); /ws tells support",
        body: ZLiveChatSendRequest,
        response: {
          201: ZLiveChatMessage,
          400: ZErrorResponse,
          401: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.send(requireUser(request), request.body.message, idempotentAnswer(request, 201))),
  );

  r.get(
    '/chat/threads',
    {
      schema: {
        tags,
        summary: "Staff: every customer's thread, those awaiting a reply first, then the newest",
        description: pagedListDescription('liveChatThreads'),
        querystring: ZLiveChatThreadListQuery,
        response: { 200: ZLiveChatThreadList, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request, reply) => sendPage(reply, await service.threads(requireUser(request), request.query)),
  );

  r.get(
    '/chat/threads/:userId/messages',
    {
      schema: {
        tags,
        summary: "Staff: one customer's thread and its latest 200 messages, oldest first",
        params: ZLiveChatThreadParams,
        response: { 200: ZLiveChatThreadDetail, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.thread(requireUser(request), request.params.userId),
  );

  r.post(
    '/chat/threads/:userId/send',
    {
      config: sending,
      schema: {
        tags,
        summary: "Staff answer a customer's thread (stored with type 'support'); the customer's /ws hears it",
        params: ZLiveChatThreadParams,
        body: ZLiveChatSendRequest,
        response: {
          201: ZLiveChatMessage,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.reply(
            requireUser(request),
            request.params.userId,
            request.body.message,
            idempotentAnswer(request, 201),
          ),
        ),
  );
}
