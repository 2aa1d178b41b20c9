import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';

const opened: TestApp[] = [];
afterAll(() => Promise.all(opened.map((t) => t.close())));

const publicConfig = async (env?: Record<string, string>) => {
  const t = await createTestApp({ env });
  opened.push(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/config' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/config', () => {
  it('tells the web app the provider, and that development is no demo deployment', async () => {
    expect(await publicConfig()).toMatchObject({ paymentsProvider: 'sandbox', devMailbox: true, demoPayments: false });
  });

  it('flags a demo deployment (sandbox allowed in production) so every page can say so', async () => {
    const config = await publicConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
      KYC_ENCRYPTION_KEY: 'xrZ4b0Wq3m8Yt1Lc6Vn9Pd2Hs5Jf7Gk0Ua3Ei8Ro1Ty=',
      PAYMENTS_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    });
    expect(config).toMatchObject({ paymentsProvider: 'sandbox', devMailbox: false, demoPayments: true });
  });
});

describe('GET /api/dev/mailbox', () => {
  it('shows each signed-in person only the mail sent to their own address; admins see all', async () => {
    const t = await createTestApp();
    opened.push(t);
    const ann = await registerUser(t.app, { verified: false });
    const bob = await registerUser(t.app, { verified: false });
    const admin = await registerUser(t.app, { role: 'admin' });
    const read = async (cookie?: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: cookie ? { cookie } : {} });
      return {
        status: res.statusCode,
        to: res.statusCode === 200 ? res.json().messages.map((m: { to: string }) => m.to) : [],
      };
    };
    expect(await read()).toMatchObject({ status: 401 });
    expect(await read(ann.cookie)).toEqual({ status: 200, to: [ann.email.toLowerCase()] });
    expect((await read(bob.cookie)).to).toEqual([bob.email.toLowerCase()]);
    expect((await read(admin.cookie)).to).toEqual(
      expect.arrayContaining([ann.email.toLowerCase(), bob.email.toLowerCase()]),
    );
  });

  it('does not exist in production', async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 't3Qm9Vx2Lk7Rb4Nw8Ys1Hd6Fz0Jc5Pg2Ue7Ao9Ki',
        KYC_ENCRYPTION_KEY: 'xrZ4b0Wq3m8Yt1Lc6Vn9Pd2Hs5Jf7Gk0Ua3Ei8Ro1Ty=',
        PAYMENTS_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      },
    });
    opened.push(t);
    const admin = await registerUser(t.app, { role: 'admin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(404);
  });
});
