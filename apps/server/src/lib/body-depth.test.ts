import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@holdfast/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerUser, type RegisteredUser } from '../test/factories.js';
import { MAX_BODY_DEPTH, nestedDeeperThan } from './body-depth.js';

/** `{"a":{"a":...}}` nested `levels` deep, as raw JSON text (no recursion needed to build it). */
const deepJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

let t: TestApp;
let buyer: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: buyer.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  });

describe('nestedDeeperThan', () => {
  it('measures nesting of objects and arrays without recursing', () => {
    expect(nestedDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestedDeeperThan([[[]]], 3)).toBe(false);
    expect(nestedDeeperThan([[[[]]]], 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(JSON.parse(deepJson(100_000)), MAX_BODY_DEPTH)).toBe(true);
  });
});

describe('deeply nested bodies', () => {
  it('are a 400 with a clear message, never a 500, on routes with and without a body schema', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['PATCH', `/api/transactions/${id}/cancel`],
      ['POST', `/api/transactions/${id}/fund-from-wallet`],
      ['POST', '/api/transactions'],
      ['POST', '/api/currencies/validate'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const res = await send(method, url, deepJson(50_000));
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.generic.tooDeep, code: 'VALIDATION' });
    }
  });

  it('leave ordinary nesting alone', async () => {
    const res = await send('PATCH', `/api/transactions/${randomUUID()}/cancel`, deepJson(MAX_BODY_DEPTH - 1));
    expect(res.statusCode).toBe(404);
  });
});
