import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { databaseFromPglite, databaseFromPostgres } from '../../db/client.js';
import { freshPglite } from '../../test/pglite-template.js';
import { postgresTestDatabase } from '../../test/postgres-template.js';
import { redisUnavailable, testRedisUrl } from '../../test/sockets.js';
import { createTestApp, testEngine, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeTruthy();
    expect(res.json().paths['/api/health/live']).toBeTruthy();
    expect(res.json().paths['/api/health/ready']).toBeTruthy();
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answer 200 with a small JSON body, without a session', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'not_configured' });
    // Probes keep their connection while the instance is not shutting down.
    expect(ready.headers.connection).not.toBe('close');
  });

  it('are never rate limited (a probe every few seconds, from every load balancer)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => t.app.inject({ method: 'GET', url: '/api/health/ready' })),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
  });
});

describe('readiness when shutdown begins', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  it('answers 503 at once while the process stays live, and closes every connection after its answer', async () => {
    own.app.shutdown.begin();
    const ready = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'shutting_down' });
    expect(ready.headers.connection).toBe('close');
    const live = await own.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });
});

describe('readiness when the database is unreachable', () => {
  it('answers 503 naming the database, and 200 on /live', async () => {
    // The real thing per engine: PostgreSQL's database is dropped under the running app (its connections
    // are cut and new ones are refused); the embedded database is closed.
    let makeUnreachable: () => Promise<void>;
    let cleanUp: () => Promise<void>;
    let database;
    if (testEngine === 'postgres') {
      const copy = await postgresTestDatabase();
      database = await databaseFromPostgres(copy.url, undefined, 2);
      makeUnreachable = () => copy.drop();
      cleanUp = () => database!.close();
    } else {
      database = databaseFromPglite(await freshPglite());
      makeUnreachable = () => database!.close();
      cleanUp = async () => {};
    }
    const app = await buildApp({ config: testConfig(), database });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await makeUnreachable();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', redis: 'not_configured' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await cleanUp();
    }
  });
});

const skipRedis = await redisUnavailable('health: ready with Redis up');

describe('readiness with Redis configured', () => {
  it('answers 503 naming Redis when it does not answer', async () => {
    // Nothing listens on port 1: the connection is refused, as for a Redis that is down.
    const down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const ready = await down.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'up', redis: 'down' });
    } finally {
      await down.close();
    }
  });

  it.skipIf(skipRedis)('answers 200 when Redis answers PING', async () => {
    const up = await createTestApp({ env: { REDIS_URL: testRedisUrl } });
    try {
      const ready = await up.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });
    } finally {
      await up.close();
    }
  });
});
