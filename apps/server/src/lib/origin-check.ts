import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@holdfast/contracts';
import { appError } from './errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Payment providers call these server to server and prove themselves with a signature instead. */
const EXEMPT_PREFIXES = ['/api/payments/webhooks/'];

export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a browser's Origin header names this server or one we trust. */
export function isAllowedOrigin(origin: string, trusted: ReadonlySet<string>, request: FastifyRequest): boolean {
  const parsed = originOf(origin);
  if (!parsed) return false;
  if (trusted.has(parsed)) return true;
  return new URL(parsed).host === request.host;
}

/**
 * Cross-site request protection on top of SameSite cookies: a state-changing request that a browser
 * sent from a page of another site carries that site's Origin and is refused. Requests without an
 * Origin (server to server, command-line tools, tests) are not from a browser page and pass.
 */
export function registerOriginCheck(app: FastifyInstance) {
  const trusted = new Set(app.config.trustedOrigins.map(originOf).filter((o): o is string => Boolean(o)));
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const path = request.url.split('?')[0] ?? '';
    if (EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    if (!isAllowedOrigin(origin, trusted, request)) throw appError('CROSS_ORIGIN', MESSAGES.auth.crossOrigin);
  });
}
