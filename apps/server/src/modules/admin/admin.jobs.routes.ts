import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminJobSummary,
  ZErrorResponse,
  ZFailedJobList,
  ZFailedJobsQuery,
  ZJobActionResult,
  ZJobParams,
} from '@holdfast/contracts';
import { requireRole } from '../../lib/auth-context.js';
import { pagedListDescription, sendPage } from '../../lib/cursor.js';

const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const actionErrors = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

/** The System tab's calls; registered inside adminRoutes, behind its admins-only hook. */
export function adminJobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const service = () => app.services.adminJobs;

  r.get(
    '/admin/jobs',
    {
      schema: {
        tags,
        summary: 'Background jobs by kind and state; `running` is queued and held by a worker now (admins only)',
        response: { 200: ZAdminJobSummary, ...denied },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return service().summary();
    },
  );

  r.get(
    '/admin/jobs/failed',
    {
      schema: {
        tags,
        summary: 'Jobs that gave up after their last attempt, the latest first, with their last error (admins only)',
        description: pagedListDescription('failedJobs'),
        querystring: ZFailedJobsQuery,
        response: { 200: ZFailedJobList, 400: ZErrorResponse, ...denied },
      },
    },
    async (request, reply) => {
      requireRole(request, 'admin');
      return sendPage(reply, await service().failed(request.query));
    },
  );

  r.post(
    '/admin/jobs/:id/retry',
    {
      // No Idempotency-Key: the action checks the job's state under its row lock, so a repeat answers 409
      // and changes nothing.
      schema: {
        tags,
        summary:
          'Runs a failed job again now, with all its attempts again; recorded in the audit trail with who did it (admins only)',
        params: ZJobParams,
        response: { 200: ZJobActionResult, ...actionErrors },
      },
    },
    async (request) => service().retry(requireRole(request, 'admin'), request.params.id),
  );

  r.post(
    '/admin/jobs/:id/cancel',
    {
      // No Idempotency-Key: the action checks the job's state under its row lock, so a repeat answers 409
      // and changes nothing.
      schema: {
        tags,
        summary:
          'Sets a failed job, or a queued one no worker holds, aside for good; recorded in the audit trail with who did it (admins only)',
        params: ZJobParams,
        response: { 200: ZJobActionResult, ...actionErrors },
      },
    },
    async (request) => service().cancel(requireRole(request, 'admin'), request.params.id),
  );
}
