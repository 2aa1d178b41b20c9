import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { uniqueEmail } from '../test/factories.js';

/** The client address the server records for a sign-up that claims another one in X-Forwarded-For. */
async function recordedIp(t: TestApp): Promise<string | null> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'x-forwarded-for': '203.0.113.9' },
    payload: {
      firstName: 'Ip',
      lastName: 'Probe',
      email: uniqueEmail('ip'),
      password: 'Holdfast-test-1',
      confirmPassword: 'Holdfast-test-1',
    },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, res.json().user.id));
  return row?.ipAddress ?? null;
}

const opened: TestApp[] = [];
afterAll(() => Promise.all(opened.map((t) => t.close())));

describe('TRUST_PROXY', () => {
  it('by default, in production too, a client cannot choose its address with X-Forwarded-For', async () => {
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
    expect(await recordedIp(t)).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For from a proxy it was told about', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    opened.push(t);
    expect(await recordedIp(t)).toBe('203.0.113.9');
  });
});
