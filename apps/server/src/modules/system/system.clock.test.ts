import { afterAll, describe, expect, it } from 'vitest';
import { DAY } from '../../lib/clock.js';
import { checkLedger } from '../../ledger/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as, deliverTransaction } from '../../test/money-factories.js';

const opened: TestApp[] = [];
afterAll(() => Promise.all(opened.map((t) => t.close())));
const open = async (env?: Record<string, string>) => {
  const t = await createTestApp({ env });
  opened.push(t);
  return t;
};

describe('the development clock (/api/dev/clock)', () => {
  it('does not exist without TEST_CLOCK', async () => {
    const t = await open();
    const someone = await registerUser(t.app);
    expect((await as(t.app, someone)('GET', '/api/dev/clock')).statusCode).toBe(404);
    expect((await as(t.app, someone)('POST', '/api/dev/clock', { advanceSeconds: 60 })).statusCode).toBe(404);
  });

  it('with TEST_CLOCK: signed-in callers only; validates the step; moves time and runs what came due', async () => {
    const t = await open({ TEST_CLOCK: 'true' });
    expect((await as(t.app, null)('GET', '/api/dev/clock')).statusCode).toBe(401);
    expect((await as(t.app, null)('POST', '/api/dev/clock', { advanceSeconds: 60 })).statusCode).toBe(401);

    const { buyer, seller, transaction } = await acceptedFundedTransaction(t.app);
    const call = as(t.app, seller);
    for (const advanceSeconds of [0, -5, 400 * 86_400 + 1, '60']) {
      const res = await call('POST', '/api/dev/clock', { advanceSeconds });
      expect(res.statusCode, String(advanceSeconds)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await call('POST', '/api/dev/clock', {})).statusCode).toBe(400);

    const before = new Date((await call('GET', '/api/dev/clock')).json().now).getTime();
    const delivered = await deliverTransaction(t.app, seller, transaction.id);
    const moved = await call('POST', '/api/dev/clock', { advanceSeconds: (3 * DAY) / 1000 });
    expect(moved.statusCode).toBe(200);
    const after = new Date(moved.json().now).getTime();
    // Real time passes too while the test runs, so at least the step (and not a day more).
    expect(after - before).toBeGreaterThanOrEqual(3 * DAY);
    expect(after - before).toBeLessThan(4 * DAY);
    expect(after).toBeGreaterThanOrEqual(new Date(delivered.autoReleaseAt!).getTime());

    // The auto-release came due during the jump and ran before the answer.
    const view = (await as(t.app, buyer)('GET', `/api/transactions/${transaction.id}`)).json();
    expect(view).toMatchObject({ status: 'completed', autoReleaseAt: null });
    expect((await checkLedger(t.app.database.db)).problems).toEqual([]);
  });
});
