/**
 * The part every paging benchmark shares (bench/paging*.ts): page one for a person with a long history
 * against one with a short one, through the whole app. Rounds alternate who goes first; each times
 * `requests` sequential requests per person and keeps the median; the figure is the median over the
 * rounds, and the ratio long/short (issue 12: at most 1.5×). Then EXPLAIN (ANALYZE, BUFFERS) of the exact
 * statement the app sent for each, picked from the driver tap's recording by `isPage`.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { counter, countPg } from './external/sql-counter.js';

export interface PageOneComparison {
  /** One request for page one as this person; throws unless it succeeded. */
  get: (who: { cookie: string }) => Promise<unknown>;
  short: Side;
  long: Side;
  rounds: number;
  requests: number;
  /** Which recorded statement is the page's query. */
  isPage: (text: string) => boolean;
  /** The bench database, for the EXPLAIN connection. */
  connectionString: string;
}

/** One side of the comparison; `connectionString` when its data lives in a database of its own. */
interface Side {
  who: { cookie: string };
  label: string;
  connectionString?: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function comparePageOne(c: PageOneComparison): Promise<void> {
  async function timeOne(who: { cookie: string }) {
    const times: number[] = [];
    for (let i = 0; i < c.requests; i += 1) {
      const start = performance.now();
      await c.get(who);
      times.push(performance.now() - start);
    }
    return median(times);
  }
  for (let i = 0; i < 20; i += 1) await Promise.all([c.get(c.long.who), c.get(c.short.who)]); // warm-up
  const rounds: { long: number; short: number }[] = [];
  for (let r = 0; r < c.rounds; r += 1) {
    const order = r % 2 === 0 ? (['short', 'long'] as const) : (['long', 'short'] as const);
    const round = { long: 0, short: 0 };
    for (const side of order) round[side] = await timeOne(c[side].who);
    rounds.push(round);
    console.log(
      `round ${r + 1}: ${c.short.label} ${round.short.toFixed(3)} ms, ${c.long.label} ${round.long.toFixed(3)} ms`,
    );
  }
  const longMs = median(rounds.map((r) => r.long));
  const shortMs = median(rounds.map((r) => r.short));
  console.log(
    `median request, page one: ${c.short.label} ${shortMs.toFixed(3)} ms, ${c.long.label} ${longMs.toFixed(3)} ms; ` +
      `ratio ${(longMs / shortMs).toFixed(2)}x (target at most 1.5x)`,
  );

  for (const { who, label, connectionString } of [c.short, c.long]) {
    counter.recording = [];
    await c.get(who);
    const page = counter.recording.find((q) => c.isPage(q.text));
    counter.recording = null;
    if (!page) throw new Error('the page statement was not seen');
    const client = new pg.Client({ connectionString: connectionString ?? c.connectionString });
    await client.connect();
    try {
      const plan = await client.query(`explain (analyze, buffers, costs off) ${page.text}`, page.params);
      const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
      console.log(`\nEXPLAIN ANALYZE, ${label}:\n${lines.join('\n')}`);
    } finally {
      await client.end();
    }
  }
}

/** The connection string of the pool under a test app's database. */
function poolUrl(db: unknown): string {
  const url = (db as { $client: pg.Pool }).$client.options.connectionString;
  if (!url) throw new Error('no connection string');
  return url;
}

/**
 * A paging benchmark's test app on PostgreSQL (a fresh database, dropped after), with the driver tap that
 * records statements; PAGING_ROUNDS and PAGING_REQUESTS (the number of requests per round, `requests` by
 * default) from the environment.
 */
export async function openPagingBench(opts: { requests: number }) {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Set TEST_DATABASE_URL (PostgreSQL): the paging figure is measured on PostgreSQL');
  process.env.TEST_DB_ENGINE = 'postgres';
  process.env.TEST_DATABASE_URL = url;
  countPg();
  const { createTestApp } = await import('../apps/server/src/test/test-app.js');
  const open = async () => {
    const app = await createTestApp();
    /** Page one of `path` as this person, through the whole app. */
    const pageOne = (path: string) => async (who: { cookie: string }) => {
      const res = await app.app.inject({ method: 'GET', url: path, headers: { cookie: who.cookie } });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res;
    };
    return { t: app, db: app.app.database.db, pageOne, connectionString: poolUrl(app.app.database.db) };
  };
  const { t, pageOne, connectionString } = await open();
  const rounds = Number(process.env.PAGING_ROUNDS ?? 7);
  const requests = Number(process.env.PAGING_REQUESTS ?? opts.requests);
  /** comparePageOne with this bench's rounds, requests and database. */
  const compare = (c: Pick<PageOneComparison, 'get' | 'short' | 'long' | 'isPage'>) =>
    comparePageOne({ ...c, rounds, requests, connectionString });
  // `another`: a second app on a database of its own, for lists that grow with the platform, not a person.
  return { t, db: t.app.database.db, pageOne, compare, another: open };
}
