import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditEventList, ZAuditQuery, ZErrorResponse } from '@holdfast/contracts';
import { requireRole } from '../../lib/auth-context.js';
import { pagedListDescription, sendPage } from '../../lib/cursor.js';

/** The Audit tab's call; registered inside adminRoutes, behind its admins-only hook. */
export function adminAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit trail, newest first: every staff action and security event with who, when, what, the target ' +
          'and the reason (admins only)',
        description:
          'Filters: `action` (one action, e.g. `dispute.resolve`, or every action under a prefix, e.g. `dispute`), ' +
          '`actor` (an account id or email), `subjectType` and `subjectId`, `from` (inclusive) and `to` (exclusive) ' +
          'as a date (midnight UTC) or a date and time with its offset. ' +
          pagedListDescription('auditEvents'),
        querystring: ZAuditQuery,
        response: { 200: ZAuditEventList, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      return sendPage(reply, await app.services.admin.audit(request.query));
    },
  );
}
