import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { THEME_INIT_SCRIPT } from '@holdfast/contracts';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The CSP source that lets index.html's theme script (THEME_INIT_SCRIPT, put there by the build) run. */
export const themeScriptHash = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

type HeaderChange = [name: string, value: string | null];

/** What helmet's middleware does to an answer's headers, recorded from one run against a stand-in. */
function recordHeaders(apply: ReturnType<typeof helmet>): HeaderChange[] {
  const changes: HeaderChange[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => changes.push([name, String(value)]),
    removeHeader: (name: string) => changes.push([name, null]),
  };
  apply({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, res as unknown as ServerResponse, () => {});
  return changes;
}

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer rules) on every answer. Helmet rebuilds each
 * header's text on every request (the CSP from its directives: a few percent of a request's CPU); with
 * our options they depend on the configuration alone, so they are worked out once at start and copied
 * onto each answer. Options whose headers vary per request (a CSP directive given as a function, e.g. a
 * nonce) are detected, as two recordings that differ, and then go through helmet on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  const changes = recordHeaders(apply);
  const fixed = JSON.stringify(changes) === JSON.stringify(recordHeaders(apply));
  if (!fixed) {
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet 8 throws on a bad option instead of passing it on; nothing can fail here per request.
      apply(request.raw, reply.raw, () => done());
    });
    return;
  }
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of changes) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    done();
  });
}
