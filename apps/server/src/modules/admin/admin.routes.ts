import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminStats, ZErrorResponse } from '@holdfast/contracts';
import { requireRole } from '../../lib/auth-context.js';

export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Platform figures, including the fee accounts (admins only)',
        response: { 200: ZAdminStats, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return app.services.admin.stats();
    },
  );
}
