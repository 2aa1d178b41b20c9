import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), engine: z.string() });
const ZLiveness = z.object({ status: z.literal('ok') });
const ZReadiness = z.object({
  status: z.enum(['ready', 'unavailable', 'shutting_down']),
  database: z.enum(['up', 'down']).optional(),
  redis: z.enum(['up', 'down', 'not_configured']).optional(),
});

/**
 * Health for people and for load balancers. The probes (live, ready) need no session, are not rate
 * limited, and log only warnings: a probe every few seconds per instance would bury the request log.
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.system;

  r.get(
    '/health',
    {
      config: { accountGate: 'session' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      const { up, body } = await service.health();
      return reply.status(up ? 200 : 503).send(body);
    },
  );

  r.get(
    '/health/live',
    {
      config: { accountGate: 'session' },
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (checks nothing else; restart the instance when it fails)',
        response: { 200: ZLiveness },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    '/health/ready',
    {
      config: { accountGate: 'session' },
      logLevel: 'warn',
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database answers, Redis too when configured, and the instance is not shutting down (503 otherwise: send it no traffic)',
        response: { 200: ZReadiness, 503: ZReadiness },
      },
    },
    async (_request, reply) => {
      const { ready, body } = await service.readiness();
      return reply.status(ready ? 200 : 503).send(body);
    },
  );
}
