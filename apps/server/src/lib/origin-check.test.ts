import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerUser } from '../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://holdfast.example', TRUSTED_ORIGINS: 'http://localhost:5173' },
  });
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('origin check', () => {
  it('refuses a state-changing request from another site', async () => {
    const { email, password, cookie } = await registerUser(t.app);
    const res = await post('/api/auth/login', { origin: 'https://evil.example' }, { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.auth.crossOrigin);
    expect(res.headers['set-cookie']).toBeUndefined();

    const logout = await post('/api/auth/logout', { origin: 'https://evil.example', cookie });
    expect(logout.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);

    for (const origin of ['null', 'not a url', 'https://holdfast.example.evil.example']) {
      expect((await post('/api/auth/logout', { origin })).statusCode).toBe(403);
    }
  });

  it('lets through the public URL, trusted origins, the same host and requests without an Origin', async () => {
    const { email, password } = await registerUser(t.app);
    const body = { email, password };
    expect((await post('/api/auth/login', { origin: 'https://holdfast.example' }, body)).statusCode).toBe(200);
    expect((await post('/api/auth/login', { origin: 'http://localhost:5173' }, body)).statusCode).toBe(200);
    expect(
      (await post('/api/auth/login', { origin: 'http://10.1.2.3:5000', host: '10.1.2.3:5000' }, body)).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/login', {}, body)).statusCode).toBe(200);
  });

  it('does not apply to reads or to payment webhooks', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    const hook = await post('/api/payments/webhooks/stripe', { origin: 'https://evil.example' });
    expect(hook.statusCode).not.toBe(403);
  });
});
