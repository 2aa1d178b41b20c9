import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test/test-app.js';
import { registerUser } from './test/factories.js';
import { users } from './db/schema/index.js';
import { DEMO_ACCOUNTS, prepareData } from './startup.js';
import { checkLedger } from './ledger/index.js';

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const login = (app: TestApp['app'], email: string, password: string, url = '/api/auth/login') =>
  app.inject({ method: 'POST', url, payload: { email, password } });

describe('prepareData', () => {
  it('seeds verified demo accounts on a new installation and prints them', async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await prepareData(t.app);
    for (const account of DEMO_ACCOUNTS) {
      const res = await login(t.app, account.email, account.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        role: account.role,
        firstName: account.firstName,
        lastName: account.lastName,
        emailVerified: true,
      });
    }
    const printed = log.mock.calls.flat().join('\n');
    for (const account of DEMO_ACCOUNTS) expect(printed).toContain(account.email);
    expect(printed).toContain('Holdfast-demo-1');
    // The console says what the dashboard will show, and so does the README.
    expect(printed.replace(/\u00a0/g, ' ')).toContain('The demo buyer has R 4 124,50 in the wallet');
    expect(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')).toContain(
      'The demo buyer has R 4 124,50 in the wallet',
    );

    // Demo money went through the real ledger and services: a funded wallet and two transactions.
    const buyerLogin = await login(t.app, 'buyer@holdfast.dev', 'Holdfast-demo-1');
    const cookie = buyerLogin.headers['set-cookie'] as string | string[];
    const headers = { cookie: (Array.isArray(cookie) ? cookie : [cookie]).map((c) => c.split(';')[0]).join('; ') };
    const balance = (await t.app.inject({ method: 'GET', url: '/api/wallet/balance', headers })).json();
    expect(balance).toMatchObject({ currency: 'ZAR', balance: '4124.50' }); // 5000 - (850 + 25.50 fee)
    const list = (await t.app.inject({ method: 'GET', url: '/api/transactions', headers })).json();
    expect(list.map((x: { status: string }) => x.status).sort()).toEqual(['active', 'pending']);
    expect((await checkLedger(t.database.db)).ok).toBe(true);

    // A second start changes nothing.
    await prepareData(t.app);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(DEMO_ACCOUNTS.length);
  });

  it('leaves an installation with people in it alone', async () => {
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
    await registerUser(t.app);
    await prepareData(t.app);
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
  });

  it('creates the configured admin, or promotes the existing account', async () => {
    const env = { ADMIN_EMAIL: 'Root@Example.test', ADMIN_PASSWORD: 'a-long-admin-password' };
    t = await createTestApp({ env });
    await prepareData(t.app);
    const res = await login(t.app, 'root@example.test', env.ADMIN_PASSWORD, '/api/auth/admin/login');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'admin', emailVerified: true });
    await t.close();

    t = await createTestApp({ env: { ...env, ADMIN_EMAIL: 'boss@example.test' } });
    const existing = await registerUser(t.app, { email: 'boss@example.test', verified: false });
    await prepareData(t.app);
    const promoted = await login(t.app, existing.email, existing.password, '/api/auth/admin/login');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user).toMatchObject({ role: 'admin', emailVerified: true });
  });
});
