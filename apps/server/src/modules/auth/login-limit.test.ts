import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail } from '../../test/factories.js';
import { IP_FAILURE_FACTOR } from './login-limiter.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
});
afterAll(() => t.close());

let ipCounter = 1;
/** Each test signs in from its own address so the per-address counter does not leak between tests. */
const freshIp = () => `10.0.0.${ipCounter++}`;
const login = (email: string, password: string, remoteAddress: string, url = '/api/auth/login') =>
  t.app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress });

describe('failed sign-in limit', () => {
  it('locks an account after the configured failures, before looking at the password', async () => {
    const { email, password } = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong-pass', ip)).statusCode).toBe(401);

    const locked = await login(email, password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.login.tooManyRequests);
    expect(locked.headers['set-cookie']).toBeUndefined();

    // The account stays locked from another address too, and the admin door shares the counter.
    expect((await login(email, password, freshIp())).statusCode).toBe(429);
    expect((await login(email, password, freshIp(), '/api/auth/admin/login')).statusCode).toBe(429);
  });

  it('clears the account counter after a successful sign-in', async () => {
    const { email, password } = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 2; i++) await login(email, 'wrong-pass', ip);
    expect((await login(email, password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(email, 'wrong-pass', ip);
    expect((await login(email, password, ip)).statusCode).toBe(200);
  });

  it('counts unknown addresses too, and limits one client address guessing many accounts', async () => {
    const ip = freshIp();
    const limit = 3 * IP_FAILURE_FACTOR;
    for (let i = 0; i < limit; i++) {
      const res = await login(uniqueEmail('guess'), 'whatever', ip);
      expect(res.statusCode).toBe(401);
    }
    const { email, password } = await registerUser(t.app);
    const blocked = await login(email, password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES.login.tooManyRequests);
    // Someone else, elsewhere, is unaffected.
    expect((await login(email, password, freshIp())).statusCode).toBe(200);
  });

  it('lets a burst of concurrent guesses check no more passwords than the limit', async () => {
    const { email, password } = await registerUser(t.app);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(email, `wrong-guess-${i}`, `10.1.${i}.1`)),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
    expect((await login(email, password, freshIp())).statusCode).toBe(429);
  });

  it('does not let successful sign-ins use up the address budget', async () => {
    const { email, password } = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 3 * IP_FAILURE_FACTOR + 2; i++) expect((await login(email, password, ip)).statusCode).toBe(200);
  });

  it('counts a repeatedly mistyped unknown address against that address', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++) expect((await login(ghost, 'x-x-x-x', freshIp())).statusCode).toBe(401);
    expect((await login(ghost, 'x-x-x-x', freshIp())).statusCode).toBe(429);
  });
});
