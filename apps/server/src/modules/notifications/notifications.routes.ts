import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZMarkNotificationsReadRequest,
  ZMarkNotificationsReadResponse,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZUpdateNotificationPreferencesRequest,
} from '@holdfast/contracts';
import { requireUser } from '../../lib/auth-context.js';

/** The bell (in-app notifications) and the email preferences: each person only ever their own. */
export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.notifications;
  const tags = ['notifications'];

  r.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first (limit 1-100, default 20), and how many are unread in all",
        description:
          'A page at a time: `nextCursor` (null on the last page) passed as `?cursor=` gives the older ones. ' +
          'A cursor this server did not issue: 400 INVALID_CURSOR.',
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationList, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => service.list(requireUser(request), request.query),
  );

  r.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary:
          "Mark the caller's notifications read: the given ids (ids that are not theirs are ignored), or all when ids is left out",
        body: ZMarkNotificationsReadRequest,
        response: { 200: ZMarkNotificationsReadResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => service.markRead(requireUser(request), request.body.ids),
  );

  r.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Which optional email categories the caller receives (money and security emails are always sent)',
        response: { 200: ZNotificationPreferences, 401: ZErrorResponse },
      },
    },
    async (request) => service.preferences(requireUser(request)),
  );

  r.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Turn optional email categories on or off (only the categories given change)',
        body: ZUpdateNotificationPreferencesRequest,
        response: { 200: ZNotificationPreferences, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => service.updatePreferences(requireUser(request), request.body.email),
  );
}
