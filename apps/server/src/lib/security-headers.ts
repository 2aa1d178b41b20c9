import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer rules) on every answer. @fastify/helmet
 * builds a new helmet middleware, parsing the CSP directives again, for every request; the headers
 * depend on the configuration alone, so the middleware is built once here and only applied per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet 8 throws on a bad option instead of passing it on; nothing can fail here per request.
    apply(request.raw, reply.raw, () => done());
  });
}
