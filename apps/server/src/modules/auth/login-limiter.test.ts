import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/test-app.js';
import {
  ACCOUNT_FAILURE_FACTOR,
  createLoginLimiter,
  emailKey,
  ipKey,
  IP_FAILURE_FACTOR,
  pairKey,
} from './login-limiter.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('login limiter', () => {
  it('locks a key at the limit and starts over once the window has passed', async () => {
    const limiter = createLoginLimiter(database.db, { maxFailures: 2, windowMs: 400 });
    const key = pairKey('Window@Example.test', '192.0.2.1');
    expect(key).toBe('pair:window@example.test|192.0.2.1');
    await limiter.recordFailure([key]);
    expect(await limiter.isLocked([key])).toBe(false);
    await limiter.recordFailure([key]);
    expect(await limiter.isLocked([key])).toBe(true);

    await sleep(500);
    expect(await limiter.isLocked([key])).toBe(false);
    await limiter.recordFailure([key]);
    expect(await limiter.isLocked([key])).toBe(false);
  });

  it('gives a client address more room than one account', async () => {
    const limiter = createLoginLimiter(database.db, { maxFailures: 2, windowMs: 60_000 });
    const ip = ipKey('192.0.2.7');
    for (let i = 0; i < 2 * IP_FAILURE_FACTOR - 1; i++) await limiter.recordFailure([ip]);
    expect(await limiter.isLocked([ip])).toBe(false);
    await limiter.recordFailure([ip]);
    expect(await limiter.isLocked([ip])).toBe(true);
  });

  it('gives one account, across all addresses, far more room still', async () => {
    const limiter = createLoginLimiter(database.db, { maxFailures: 2, windowMs: 60_000 });
    const account = emailKey('Everywhere@Example.test');
    for (let i = 0; i < 2 * ACCOUNT_FAILURE_FACTOR - 1; i++) await limiter.recordFailure([account]);
    expect(await limiter.isLocked([account])).toBe(false);
    await limiter.recordFailure([account]);
    expect(await limiter.isLocked([account])).toBe(true);
  });

  it('counts every key but lets only the checked ones refuse', async () => {
    const limiter = createLoginLimiter(database.db, { maxFailures: 1, windowMs: 60_000 });
    const pair = pairKey('known@example.test', '192.0.2.10');
    const account = emailKey('known-elsewhere@example.test');
    for (let i = 0; i < ACCOUNT_FAILURE_FACTOR; i++) await limiter.recordFailure([account]);
    expect(await limiter.reserve([pair, account], [pair])).toBe(true);
    expect(await limiter.reserve([pair, account])).toBe(false);
  });

  it('clears one key without touching the others', async () => {
    const limiter = createLoginLimiter(database.db, { maxFailures: 1, windowMs: 60_000 });
    const a = pairKey('a@example.test', '192.0.2.8');
    const ip = ipKey('192.0.2.8');
    await limiter.recordFailure([a, ip]);
    expect(await limiter.isLocked([a])).toBe(true);
    await limiter.clear(a);
    expect(await limiter.isLocked([a])).toBe(false);
    expect(await limiter.isLocked([ip])).toBe(false);
  });

  it('counts concurrent failures without losing any', async () => {
    const limiter = createLoginLimiter(database.db, { maxFailures: 10, windowMs: 60_000 });
    const key = pairKey('race@example.test', '192.0.2.9');
    await Promise.all(Array.from({ length: 10 }, () => limiter.recordFailure([key])));
    expect(await limiter.isLocked([key])).toBe(true);
  });
});

describe('login limiter under concurrency', () => {
  it('300 sign-ins reserving and giving back the same keys at once: no deadlock, and the counts add up', async () => {
    const limiter = createLoginLimiter(database.db, { maxFailures: 1000, windowMs: 60_000 });
    const keys = [pairKey('race@example.test', '192.0.2.50'), ipKey('192.0.2.50'), emailKey('race@example.test')];
    for (const key of keys) await limiter.recordFailure([key]);
    // Each request counts every key, then gives the attempt back, as a sign-in that was right does.
    const attempt = async () => {
      await limiter.reserve(keys);
      await limiter.release(keys);
    };
    await Promise.all(Array.from({ length: 300 }, attempt));
    // Every reserve was given back: the one failure recorded first is all that is left on each key.
    const rows = await database.db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
    expect(Object.fromEntries(rows.map((r) => [r.key, r.count]))).toEqual(Object.fromEntries(keys.map((k) => [k, 1])));
  });
});
