import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/factories.js';
import { acceptedFundedTransaction, as } from '../../test/money-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/stats', () => {
  it('shows the fee account after a release, to admins only', async () => {
    const { transaction, buyer } = await acceptedFundedTransaction(t.app, { amount: '200.00', currency: 'USD' });
    const confirm = await as(t.app, buyer)('PATCH', `/api/transactions/${transaction.id}/confirm`, {
      confirmationPhrase: 'i have received my item ',
    });
    expect(confirm.statusCode).toBe(200);

    const admin = await registerUser(t.app, { role: 'admin' });
    const res = await as(t.app, admin)('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.fees).toEqual([{ currency: 'USD', balance: '6.00' }]);
    expect(stats.transactions.completed).toBe(1);
    expect(stats.users.admins).toBe(1);
  });

  it('refuses everybody else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
    for (const role of ['buyer', 'seller', 'moderator'] as const) {
      const user = await registerUser(t.app, { role });
      expect((await as(t.app, user)('GET', '/api/admin/stats')).statusCode).toBe(403);
    }
  });
});
