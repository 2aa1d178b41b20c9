import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { notFound } from '../lib/errors.js';
import { UNMATCHED_ROUTE, type Metrics } from './metrics.js';

export interface AppMetrics extends Metrics {
  /** Starts the listener of METRICS_PORT (main.ts does, after the app's own); its URL, or null without one. */
  listen(): Promise<string | null>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the Authorization header carries the token, compared in constant time. Both sides are hashed
 * first: timingSafeEqual needs equal lengths, and comparing lengths would tell the token's.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), sha256(token));
}

/** Times every answered request by its route pattern; requests no route matched share one label. */
export function registerRequestTiming(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, statusCode: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * GET /metrics. Off (404, as any unknown address) unless configured: behind METRICS_TOKEN on the app's
 * port; or on METRICS_PORT, a listener of its own that the public port never answers for (with the token
 * too when both are set).
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  config: Config['metrics'],
  metrics: Metrics | null,
): AppMetrics | null {
  const route = { schema: { hide: true }, logLevel: 'warn' as const };
  if (!config || !metrics) {
    // Answered here, not by the web app's fallback, which would serve its HTML page to a scraper.
    app.get('/metrics', route, async () => {
      throw notFound('Route GET /metrics not found');
    });
    return null;
  }
  const { token, port } = config;
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid bearer token is required', code: 'UNAUTHENTICATED' });
    }
    const { contentType, body } = await metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  };

  if (port === undefined) {
    app.get('/metrics', route, answer);
    return { ...metrics, listen: async () => null };
  }
  app.get('/metrics', route, async () => {
    throw notFound('Route GET /metrics not found');
  });
  const server = Fastify({ loggerInstance: app.log });
  server.get('/metrics', route, answer);
  app.addHook('onClose', () => server.close());
  return {
    ...metrics,
    async listen() {
      await server.listen({ port, host: app.config.host });
      const address = server.server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${host}:${address.port}`;
    },
  };
}
