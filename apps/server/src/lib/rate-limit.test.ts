import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@holdfast/contracts';
import { registerErrorHandler } from './error-handler.js';
import { registerRateLimit } from './rate-limit.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}
const redisUp = await reachable(REDIS_URL);
if (!redisUp)
  console.warn(`rate-limit.test: Redis is not reachable at ${REDIS_URL}; the shared-store tests are skipped`);

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** One app instance: our limiter wiring and error handler, and one route limited to 2 calls a minute per key. */
async function instance(redisUrl?: string) {
  const app = Fastify();
  registerErrorHandler(app);
  await registerRateLimit(app, { redisUrl });
  const key = `client-${randomUUID()}`;
  app.get(
    '/limited',
    { config: { rateLimit: { max: 2, timeWindow: '1 minute', keyGenerator: (r) => String(r.headers['x-key']) } } },
    async () => ({ ok: true }),
  );
  await app.ready();
  apps.push(app);
  return { app, key };
}
const hit = (app: FastifyInstance, key: string) =>
  app.inject({ method: 'GET', url: '/limited', headers: { 'x-key': key } });

describe('rate limits', () => {
  it('in memory: the third call is a 429 in our error shape, with Retry-After', async () => {
    const { app, key } = await instance();
    expect((await hit(app, key)).statusCode).toBe(200);
    expect((await hit(app, key)).statusCode).toBe(200);
    const third = await hit(app, key);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: MESSAGES.generic.rateLimited, code: 'RATE_LIMITED' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.skipIf(!redisUp)('with REDIS_URL: two app instances share one limit', async () => {
    const a = await instance(REDIS_URL);
    const b = await instance(REDIS_URL);
    const key = a.key; // the same client reaching both instances through a load balancer
    expect((await hit(a.app, key)).statusCode).toBe(200);
    expect((await hit(b.app, key)).statusCode).toBe(200);
    const third = await hit(b.app, key);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
    expect((await hit(a.app, key)).statusCode).toBe(429);
  });

  it('with REDIS_URL pointing nowhere: calls stay available (fail open) and answer promptly', async () => {
    const { app, key } = await instance('redis://127.0.0.1:1');
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect((await hit(app, key)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
