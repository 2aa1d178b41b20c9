import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminStats,
  ZApplicationParams,
  ZCreateModeratorRequest,
  ZErrorResponse,
  ZModerator,
  ZModeratorApplicationList,
  ZModeratorList,
  ZReviewApplicationRequest,
  ZReviewApplicationResponse,
} from '@holdfast/contracts';
import { idempotentAnswer } from '../../lib/idempotency.js';
import { requireRole } from '../../lib/auth-context.js';
import { adminAuditRoutes } from './admin.audit.routes.js';
import { adminJobRoutes } from './admin.jobs.routes.js';
import { adminUserRoutes } from './admin.users.routes.js';

const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const mutationErrors = {
  400: ZErrorResponse,
  ...denied,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const idempotent = { idempotent: true } as const;

/** The admin area: every call is for administrators only (401 signed out, 403 anyone else). */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  // Before the body is validated: nobody but an admin learns anything about these calls, not even a 400.
  app.addHook('preValidation', async (request) => {
    requireRole(request, 'admin');
  });

  r.get(
    '/admin/stats',
    {
      schema: {
        tags,
        summary: 'Platform figures, including the fee accounts (admins only)',
        response: { 200: ZAdminStats, ...denied },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return app.services.admin.stats();
    },
  );

  r.get(
    '/admin/moderator-applications',
    {
      schema: {
        tags,
        summary: 'Every moderator application, newest first (admins only)',
        response: { 200: ZModeratorApplicationList, ...denied },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return app.services.moderatorApplications.list();
    },
  );

  r.patch(
    '/admin/moderator-applications/:id',
    {
      config: idempotent,
      schema: {
        tags,
        summary:
          "Approve or reject a pending application once (admins only). Approving makes the applicant's verified " +
          'account a moderator; without one it emails an invitation and promotes the account once it verifies the address',
        params: ZApplicationParams,
        body: ZReviewApplicationRequest,
        response: { 200: ZReviewApplicationResponse, ...mutationErrors },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      return app.services.moderatorApplications.review(
        admin,
        request.params.id,
        request.body,
        idempotentAnswer(request, 200),
      );
    },
  );

  r.get(
    '/admin/moderators',
    {
      schema: {
        tags,
        summary: 'Accounts with the moderator role, newest first (admins only)',
        response: { 200: ZModeratorList, ...denied },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return app.services.moderatorApplications.moderators();
    },
  );

  r.post(
    '/admin/create-moderator',
    {
      config: idempotent,
      schema: {
        tags,
        summary:
          'Create a verified moderator account with a temporary password, to be changed at the first sign-in (admins only)',
        body: ZCreateModeratorRequest,
        response: { 201: ZModerator, ...mutationErrors },
      },
    },
    async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const moderator = await app.services.moderatorApplications.createModerator(
        admin,
        request.body,
        idempotentAnswer(request, 201),
      );
      return reply.status(201).send(moderator);
    },
  );

  adminJobRoutes(app);
  adminUserRoutes(app);
  adminAuditRoutes(app);
}
