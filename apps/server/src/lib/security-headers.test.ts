import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { registerSecurityHeaders, themeScriptHash } from './security-headers.js';
import { socketOrigin } from '../app.js';
import { testConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerUser } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('go on every answer, the same on each, whoever asks and whatever the outcome', async () => {
    const { cookie } = await registerUser(t.app);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }),
      t.app.inject({ method: 'GET', url: '/api/auth/user' }),
      t.app.inject({ method: 'POST', url: '/api/transactions', headers: { cookie }, payload: { amount: -1 } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 400]);
    const csp = answers[0]!.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    // No inline script but the theme setter of index.html, by its hash.
    expect(csp).toContain(`script-src 'self' https://js.stripe.com ${themeScriptHash};`);
    expect(themeScriptHash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(csp).toContain("frame-ancestors 'self'");
    // WebSockets to the product's own address only, not to any host.
    const connect = /connect-src ([^;]*)/.exec(String(csp))![1]!.split(' ');
    expect(connect).toEqual(["'self'", socketOrigin(testConfig().publicUrl), 'https://api.stripe.com']);
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(csp);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('security headers worked out once', () => {
  /** Two answers of one app, their headers. */
  async function answersOf(options: HelmetOptions, useHelmetItself = false) {
    const app = Fastify();
    if (useHelmetItself) {
      const apply = helmet(options);
      app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
    } else registerSecurityHeaders(app, options);
    app.get('/', async () => ({ ok: true }));
    const answers = [await app.inject({ method: 'GET', url: '/' }), await app.inject({ method: 'GET', url: '/' })];
    await app.close();
    return answers.map((a) => a.headers);
  }

  it('are the headers helmet itself sets, name for name', async () => {
    const options: HelmetOptions = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
      crossOriginEmbedderPolicy: false,
    };
    const [ours] = await answersOf(options);
    const [helmets] = await answersOf(options, true);
    const security = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    expect(security(ours!)).toEqual(security(helmets!));
    expect(ours!['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('go through helmet on every request when a directive is worked out per request', async () => {
    let n = 0;
    const options: HelmetOptions = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: [() => `'nonce-${++n}'`] } },
    };
    const [first, second] = await answersOf(options);
    expect(first!['content-security-policy']).toMatch(/'nonce-\d+'/);
    expect(second!['content-security-policy']).not.toBe(first!['content-security-policy']);
  });
});
