import type { FastifyBaseLogger } from 'fastify';
import type * as PromClient from 'prom-client';
import type { Database } from '../db/client.js';
import { jobStatsByKind } from '../jobs/stats.js';
import { latestLedgerCheck } from '../ledger/index.js';
import type { Clock } from '../lib/clock.js';
import { loadOptional } from '../lib/optional-module.js';

/** A route label for requests no route matched (pages of the web app, 404s): one label, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const JOB_STATES = ['due', 'running', 'failed'] as const;

export interface Metrics {
  /** Records an answered request by its route pattern (never the raw URL: the label set stays small). */
  observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number): void;
  /** Open sockets of one WebSocket endpoint, counted at each scrape. */
  countSockets(path: string, count: () => number): void;
  /** Every series in Prometheus' text format, the database's figures read now. */
  render(): Promise<{ contentType: string; body: string }>;
}

/**
 * The app's Prometheus metrics, in a registry of its own (tests build many apps in one process). Counts
 * that live in the database (jobs, the ledger check) are read once per scrape, so every instance reports
 * the same backlog; the rest is this process's own. prom-client is loaded only when metrics are on.
 */
export function createMetrics({
  database,
  clock,
  log,
}: {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}): Metrics {
  const { Registry, Gauge, Histogram, collectDefaultMetrics } = loadOptional('prom-client') as typeof PromClient;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'holdfast_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers,
  });

  const sockets = new Map<string, () => number>();
  new Gauge({
    name: 'holdfast_websocket_connections',
    help: 'Open WebSocket connections of this instance, by endpoint',
    labelNames: ['path'],
    registers,
    collect() {
      for (const [path, count] of sockets) this.set({ path }, count());
    },
  });

  new Gauge({
    name: 'holdfast_db_pool_connections',
    help: 'Database connections of this instance, in use or idle (the embedded database: one)',
    labelNames: ['state'],
    registers,
    collect() {
      const { total, idle } = database.poolStats();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'holdfast_db_pool_waiting_requests',
    help: 'Queries of this instance waiting for a free database connection',
    registers,
    collect() {
      this.set(database.poolStats().waiting);
    },
  });
  new Gauge({
    name: 'holdfast_db_pool_max_connections',
    help: 'The most database connections this instance opens',
    registers,
    collect() {
      this.set(database.poolStats().max);
    },
  });

  const jobs = new Gauge({
    name: 'holdfast_jobs',
    help: 'Jobs by kind and state: due (waiting for a worker), running (held by a live lease), failed (gave up)',
    labelNames: ['kind', 'state'],
    registers,
  });
  const oldestDue = new Gauge({
    name: 'holdfast_jobs_oldest_due_age_seconds',
    help: 'How long the longest-waiting due job has waited for a worker (0 when none is due)',
    registers,
  });
  // Registered once the first check has stored its result: before that they are absent, so an alert on
  // `holdfast_ledger_check_ok == 0` never fires on a new installation.
  const ledgerGauges = [
    new Gauge({
      name: 'holdfast_ledger_check_ok',
      help: 'Whether the latest scheduled ledger check found every invariant holding (1) or not (0)',
      registers: [],
    }),
    new Gauge({
      name: 'holdfast_ledger_check_last_run_timestamp_seconds',
      help: 'When the latest scheduled ledger check finished (Unix time)',
      registers: [],
    }),
    new Gauge({
      name: 'holdfast_ledger_check_problems',
      help: 'Problems the latest scheduled ledger check reported',
      registers: [],
    }),
  ] as const;

  /** Kinds seen so far: each keeps its series (at 0) once its jobs are gone, so a graph does not break off. */
  const kinds = new Set<string>();
  async function readDatabaseFigures() {
    const now = clock.now();
    try {
      const stats = await jobStatsByKind(database.db, now);
      const check = await latestLedgerCheck(database.db);
      for (const s of stats) kinds.add(s.kind);
      for (const kind of kinds) for (const state of JOB_STATES) jobs.set({ kind, state }, 0);
      let oldest: number | null = null;
      for (const s of stats) {
        for (const state of JOB_STATES) jobs.set({ kind: s.kind, state }, s[state]);
        if (s.oldestDueAt && (oldest === null || s.oldestDueAt.getTime() < oldest)) oldest = s.oldestDueAt.getTime();
      }
      oldestDue.set(oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000));
      if (check) {
        const [ok, lastRun, problems] = ledgerGauges;
        for (const gauge of ledgerGauges) if (!registry.getSingleMetric(nameOf(gauge))) registry.registerMetric(gauge);
        ok.set(check.ok ? 1 : 0);
        lastRun.set(check.finishedAt.getTime() / 1000);
        problems.set(check.problems.length);
      }
    } catch (err) {
      // The process's own series still answer; the database's are left out rather than reported stale.
      log.warn({ err }, 'metrics: the database figures could not be read');
      jobs.reset();
      oldestDue.reset();
      for (const gauge of ledgerGauges) registry.removeSingleMetric(nameOf(gauge));
    }
  }
  let reading: Promise<void> | undefined;

  return {
    observeRequest({ method, route, statusCode }, seconds) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    countSockets(path, count) {
      sockets.set(path, count);
    },
    async render() {
      // Scrapes that arrive together share one read of the database.
      reading ??= readDatabaseFigures().finally(() => (reading = undefined));
      await reading;
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

const nameOf = (gauge: PromClient.Gauge) => (gauge as unknown as { name: string }).name;
