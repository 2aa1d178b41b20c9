import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateSupportChatRequest,
  ZErrorResponse,
  ZSendSupportMessageRequest,
  ZSupportChat,
  ZSupportChatList,
  ZSupportChatListQuery,
  ZSupportChatParams,
  ZSupportConsoleChat,
  ZSupportConsoleChatList,
  ZSupportConsoleQuery,
  ZSupportCustomerContext,
  ZSupportCustomerParams,
  CUSTOMER_CONTEXT_RECENT,
  ZSupportMessage,
  ZSupportMessageHistoryQuery,
  ZSupportMessageList,
  ZUpdateSupportStatusRequest,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';
import { historyListDescription, pagedListDescription as PAGED, sendPage } from '../../lib/cursor.js';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

/** Support Center (spec section 7) and the staff console's list. */
export async function supportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.support;
  const tags = ['support'];

  // Every support call needs a session: signed out is 401 before the body is even looked at.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  r.get(
    '/support/chats',
    {
      schema: {
        tags,
        summary: "The caller's own support chats, newest first, a page at a time",
        description: PAGED('supportChats'),
        querystring: ZSupportChatListQuery,
        response: { 200: ZSupportChatList, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request, reply) => sendPage(reply, await service.listOwn(requireUser(request), request.query)),
  );

  r.post(
    '/support/chats',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.supportChats },
      schema: {
        tags,
        summary: 'Opens a support chat (subject, priority; default medium); the server sets status open',
        body: ZCreateSupportChatRequest,
        response: { 201: ZSupportChat, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body, idempotentAnswer(request, 201))),
  );

  r.get(
    '/support/chats/:id/messages',
    {
      schema: {
        tags,
        summary: "A chat's latest 200 messages, oldest first (its customer, or staff)",
        description: historyListDescription('supportMessages'),
        params: ZSupportChatParams,
        querystring: ZSupportMessageHistoryQuery,
        response: { 200: ZSupportMessageList, 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.messages(requireUser(request), request.params.id, request.query)),
  );

  r.post(
    '/support/chats/:id/messages',
    {
      config: { idempotent: true, rateLimit: RATE_LIMITS.supportMessages },
      schema: {
        tags,
        summary: 'Writes in a chat: its customer, or staff (isFromSupport); a closed chat refuses (409)',
        params: ZSupportChatParams,
        body: ZSendSupportMessageRequest,
        response: { 201: ZSupportMessage, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.send(
            requireUser(request),
            request.params.id,
            request.body.message,
            idempotentAnswer(request, 201),
          ),
        ),
  );

  r.patch(
    '/support/chats/:id/status',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Staff move a chat forward: open → in_progress → resolved → closed (skipping allowed)',
        params: ZSupportChatParams,
        body: ZUpdateSupportStatusRequest,
        response: { 200: ZSupportChat, ...errors },
      },
    },
    async (request) =>
      service.updateStatus(
        requireUser(request),
        request.params.id,
        request.body.status,
        idempotentAnswer(request, 200),
      ),
  );

  r.get(
    '/support/console/chats',
    {
      schema: {
        tags,
        summary: 'Every support chat for the staff console: most urgent, then oldest, first (staff only)',
        description: PAGED('supportChats'),
        querystring: ZSupportConsoleQuery,
        response: { 200: ZSupportConsoleChatList, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request, reply) => sendPage(reply, await service.consoleList(requireUser(request), request.query)),
  );

  r.get(
    '/support/console/chats/:id',
    {
      schema: {
        tags,
        summary: 'One support chat as the staff console shows it (staff only)',
        params: ZSupportChatParams,
        response: { 200: ZSupportConsoleChat, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.consoleChat(requireUser(request), request.params.id),
  );

  r.get(
    '/support/customers/:userId/context',
    {
      schema: {
        tags,
        summary:
          'The customer beside a support or live chat: account, verification as stored, latest deals and disputes (staff only)',
        description:
          `The customer's ${CUSTOMER_CONTEXT_RECENT} latest transactions (as buyer or seller) and disputes, each with ` +
          'its count. Anyone but a moderator or an admin: 403; an id no account has: 404.',
        params: ZSupportCustomerParams,
        response: { 200: ZSupportCustomerContext, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => service.customerContext(requireUser(request), request.params.userId),
  );
}
