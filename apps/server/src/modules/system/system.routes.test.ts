import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

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
      AUTH_SECRET: 'p'.repeat(40),
      PAYMENTS_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    });
    expect(config).toMatchObject({ paymentsProvider: 'sandbox', devMailbox: false, demoPayments: true });
  });
});
