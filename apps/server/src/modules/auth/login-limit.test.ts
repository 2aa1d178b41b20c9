import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser, uniqueEmail } from '../../test/factories.js';
import { ACCOUNT_FAILURE_FACTOR, IP_FAILURE_FACTOR } from './login-limiter.js';
import { DEVICE_COOKIE } from './device-cookie.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
});
afterAll(() => t.close());

let ipCounter = 1;
/** Each test signs in from its own address so the per-address counter does not leak between tests. */
const freshIp = () => `10.0.0.${ipCounter++}`;
const login = (email: string, password: string, remoteAddress: string, url = '/api/auth/login', cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });

/** The device cookie a successful sign-in leaves in the browser, as a request Cookie header. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const line = [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(line, 'a device cookie').toBeTruthy();
  return line!.split(';')[0]!;
}

describe('failed sign-in limit', () => {
  it('locks a guesser out of an account after the configured failures, before looking at the password', async () => {
    const { email, password } = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong-pass', ip)).statusCode).toBe(401);

    const locked = await login(email, password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: MESSAGES.login.tooManyRequests, code: 'RATE_LIMITED' });
    expect(locked.headers['set-cookie']).toBeUndefined();
    // The admin door shares the counter.
    expect((await login(email, password, ip, '/api/auth/admin/login')).statusCode).toBe(429);
  });

  it('never lets failures from elsewhere lock the owner out (OWASP: count per account and address)', async () => {
    const { email, password } = await registerUser(t.app);
    const attacker = freshIp();
    for (let i = 0; i < 3; i++) await login(email, 'wrong-pass', attacker);
    expect((await login(email, password, attacker)).statusCode).toBe(429);
    // The owner, from their own address, signs in as usual.
    expect((await login(email, password, freshIp())).statusCode).toBe(200);
  });

  it('slows a distributed guesser with a high account-wide limit, which never blocks a known device', async () => {
    const { email, password } = await registerUser(t.app);
    const home = freshIp();
    const signedIn = await login(email, password, home);
    expect(signedIn.statusCode).toBe(200);
    const device = deviceCookieOf(signedIn);

    // Guesses from many addresses, few from each, up to the account-wide limit.
    for (let i = 0; i < 3 * ACCOUNT_FAILURE_FACTOR; i++) await login(email, 'wrong-pass', `10.9.${i >> 8}.${i & 255}`);
    // A new device, even with the right password, now waits for the window to pass ...
    expect((await login(email, password, freshIp())).statusCode).toBe(429);
    // ... but the owner's known device signs in, from home or from anywhere else.
    expect((await login(email, password, home, '/api/auth/login', device)).statusCode).toBe(200);
    expect((await login(email, password, freshIp(), '/api/auth/login', device)).statusCode).toBe(200);
    // A device cookie of another account, or a forged one, does not help.
    const other = await registerUser(t.app);
    const otherDevice = deviceCookieOf(await login(other.email, other.password, freshIp()));
    expect((await login(email, password, freshIp(), '/api/auth/login', otherDevice)).statusCode).toBe(429);
    const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login(email, password, freshIp(), '/api/auth/login', forged)).statusCode).toBe(429);
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
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `wrong-guess-${i}`, ip)));
    // Sorted, so a failure shows every answer (and the body of any that is neither).
    const answers = burst.map((r) =>
      r.statusCode === 401 || r.statusCode === 429 ? r.statusCode : `${r.statusCode} ${r.body}`,
    );
    expect(answers.sort()).toEqual([...Array(3).fill(401), ...Array(17).fill(429)]);
    expect((await login(email, password, ip)).statusCode).toBe(429);
  });

  it('does not let successful sign-ins use up the address budget', async () => {
    const { email, password } = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 3 * IP_FAILURE_FACTOR + 2; i++) expect((await login(email, password, ip)).statusCode).toBe(200);
  });

  it('treats an unknown address like a known one (the limit does not reveal which accounts exist)', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(ghost, 'x-x-x-x', ip)).statusCode).toBe(401);
    expect((await login(ghost, 'x-x-x-x', ip)).statusCode).toBe(429);
  });
});
