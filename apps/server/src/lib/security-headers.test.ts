import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-ancestors 'self'");
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
