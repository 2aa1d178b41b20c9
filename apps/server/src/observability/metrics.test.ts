import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.js';
import { latestLedgerCheck, scheduleLedgerCheck } from '../ledger/index.js';
import { adjustableClock, HOUR, MINUTE, type AdjustableClock } from '../lib/clock.js';
import { isPackageLoaded } from '../lib/optional-module.js';
import { registerUser } from '../test/factories.js';
import { sampleValue } from '../test/prometheus.js';
import { listen, openSocket } from '../test/sockets.js';
import { createTestApp, testEngine, type TestApp } from '../test/test-app.js';
import { bearerMatches } from './metrics-endpoint.js';

const TOKEN = randomBytes(24).toString('base64url');
const opened: TestApp[] = [];
afterAll(() => Promise.all(opened.map((t) => t.close())));
async function open(env: Record<string, string> = {}, clock?: AdjustableClock) {
  const t = await createTestApp({ env, clock });
  opened.push(t);
  return t;
}

describe('GET /metrics, off by default', () => {
  // First in the file: nothing else here has loaded the packages yet.
  it('is 404 without METRICS_TOKEN or METRICS_PORT, and loads nothing of prom-client or OpenTelemetry', async () => {
    const t = await open();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(t.app.metrics).toBeNull();
    for (const name of ['prom-client', '@fastify/otel', '@opentelemetry/sdk-trace-node']) {
      expect(isPackageLoaded(name), name).toBe(false);
    }
  });
});

describe('the bearer token', () => {
  it('matches only the exact token, sent as a Bearer credential', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
    }
  });
});

describe('GET /metrics behind METRICS_TOKEN', () => {
  const ORIGIN = 'http://holdfast.test';
  let t: TestApp;
  let clock: AdjustableClock;
  beforeAll(async () => {
    clock = adjustableClock(new Date('2026-03-02T10:00:00Z'));
    t = await open({ METRICS_TOKEN: TOKEN, PUBLIC_URL: ORIGIN }, clock);
  });
  async function scrape(): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return res.body;
  }

  it('refuses a request without the token, or with another one, with 401', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(res.body).not.toContain('holdfast_');
    }
  });

  it("times requests by route pattern, method and status, never by the request's own URL", async () => {
    const id = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${id}?x=1` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/no-such-route/${id}` })).statusCode).toBe(404);
    const body = await scrape();
    const count = (route: string, status: string) =>
      sampleValue(body, 'holdfast_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_code: status,
      });
    expect(count('/api/health', '200')).toBe(1);
    expect(count('/api/transactions/:id', '401')).toBe(1);
    expect(count('unmatched', '404')).toBe(1);
    expect(body).not.toContain(id);
    // prom-client's process and Node.js series come along.
    expect(sampleValue(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts due, running and failed jobs by kind, and how long the oldest due job has waited', async () => {
    const now = clock.now().getTime();
    const at = (offset: number) => new Date(now + offset);
    await t.database.db.insert(jobs).values([
      { kind: 'payout.settle', payload: {}, runAt: at(-HOUR) },
      { kind: 'payout.settle', payload: {}, runAt: at(-10 * MINUTE) },
      { kind: 'payout.settle', payload: {}, runAt: at(HOUR) },
      { kind: 'email.send', payload: {}, runAt: at(-MINUTE), lockedUntil: at(4 * MINUTE), lockedBy: 'worker' },
      // A lease that ran out: the worker died, so the job is due again.
      { kind: 'email.send', payload: {}, runAt: at(-2 * HOUR), lockedUntil: at(-MINUTE), lockedBy: 'worker' },
      { kind: 'notify', payload: {}, runAt: at(-3 * HOUR), state: 'failed', finishedAt: at(-HOUR) },
      { kind: 'notify', payload: {}, runAt: at(-4 * HOUR), state: 'done', finishedAt: at(-HOUR) },
    ]);
    let body = await scrape();
    const jobCount = (kind: string, state: string) => sampleValue(body, 'holdfast_jobs', { kind, state });
    expect([jobCount('payout.settle', 'due'), jobCount('payout.settle', 'running')]).toEqual([2, 0]);
    expect([jobCount('email.send', 'due'), jobCount('email.send', 'running')]).toEqual([1, 1]);
    expect([jobCount('notify', 'due'), jobCount('notify', 'failed')]).toEqual([0, 1]);
    expect(sampleValue(body, 'holdfast_jobs_oldest_due_age_seconds')).toBe((2 * HOUR) / 1000);

    // Once the jobs are gone their kinds stay, at 0.
    await t.database.db.delete(jobs);
    body = await scrape();
    expect([jobCount('payout.settle', 'due'), jobCount('notify', 'failed')]).toEqual([0, 0]);
    expect(sampleValue(body, 'holdfast_jobs_oldest_due_age_seconds')).toBe(0);
  });

  it('counts the open WebSockets of each endpoint', async () => {
    const url = await listen(t.app);
    const user = await registerUser(t.app);
    const socket = await openSocket(url, '/ws', { cookie: user.cookie, origin: ORIGIN });
    await socket.next((m) => m.type === 'connected');
    const open = async (path: string) => sampleValue(await scrape(), 'holdfast_websocket_connections', { path });
    expect(await open('/ws')).toBe(1);
    expect(await open('/ws/support')).toBe(0);
    await socket.close();
    await expect.poll(() => open('/ws')).toBe(0);
  });

  it("reports the database pool (the embedded database's one connection)", async () => {
    const body = await scrape();
    const inUse = sampleValue(body, 'holdfast_db_pool_connections', { state: 'in_use' });
    const idle = sampleValue(body, 'holdfast_db_pool_connections', { state: 'idle' });
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(testEngine === 'pglite' ? 1 : 0);
    expect(sampleValue(body, 'holdfast_db_pool_waiting_requests')).toBe(0);
    expect(sampleValue(body, 'holdfast_db_pool_max_connections')).toBe(testEngine === 'pglite' ? 1 : 20);
  });

  it('reports the scheduled ledger check once one has run', async () => {
    expect(sampleValue(await scrape(), 'holdfast_ledger_check_ok')).toBeUndefined();
    await scheduleLedgerCheck(t.database.db, clock.now());
    clock.advance(17 * HOUR); // to 03:00 UTC, the check's time
    expect(await t.app.scheduler.runDue()).toBe(1);
    const latest = await latestLedgerCheck(t.database.db);
    const body = await scrape();
    expect(sampleValue(body, 'holdfast_ledger_check_ok')).toBe(1);
    expect(sampleValue(body, 'holdfast_ledger_check_problems')).toBe(0);
    expect(sampleValue(body, 'holdfast_ledger_check_last_run_timestamp_seconds')).toBe(
      latest!.finishedAt.getTime() / 1000,
    );
    expect(sampleValue(body, 'holdfast_jobs', { kind: 'ledger.check', state: 'due' })).toBe(0);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  it('answers on a listener of its own, never on the public port', async () => {
    const t = await open({ METRICS_PORT: '0', HOST: '127.0.0.1' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const url = await t.app.metrics!.listen();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(sampleValue(await res.text(), 'holdfast_jobs_oldest_due_age_seconds')).toBe(0);
    expect((await fetch(`${url}/api/health`)).status).toBe(404);
  });

  it('asks for the token there too when METRICS_TOKEN is also set', async () => {
    const t = await open({ METRICS_PORT: '0', HOST: '127.0.0.1', METRICS_TOKEN: TOKEN });
    const url = await t.app.metrics!.listen();
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('holdfast_http_request_duration_seconds');
  });
});
