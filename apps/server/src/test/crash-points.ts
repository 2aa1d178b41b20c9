import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';

/** The request header naming where a request's process "dies" (crashPoints). */
export const CRASH_HEADER = 'x-test-crash';

/** Tables whose rows change without any request's effect: the session lookup extends sessions. */
const UNRELATED_TABLES = new Set(['sessions']);

const productTables = (db: Db) =>
  rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );

/**
 * A process killed at a chosen point of one request, on the real app and database (tests of the
 * Idempotency-Key guarantees, decision 004). `install` goes into createTestApp's `prepare`, once per app.
 *
 * - `after-commit`: a request sent with `x-test-crash: after-commit` stops once its handler has returned,
 *   its effect committed, before its answer is serialized or anything else of it runs.
 * - `before-commit`: the first commit that writes the request's effect fails, and the request stops right
 *   there: no error handler, no onSend. While armed, deferred triggers refuse any commit that wrote to a
 *   product table (everything that transaction wrote is gone): `effect` traps every table but the
 *   idempotency keys, `answer` traps the idempotency keys only. A request that stores its answer in the
 *   transaction of its effect leaves nothing behind in either case; one that stores it apart leaves its
 *   effect (`answer`) or its key (`effect`).
 *
 * `next(point)` prepares the next such request (its headers name the point): `stopped` resolves when it got there; `release()` lets it
 * run on (before the app closes), as if nothing had happened to the process.
 */
export function crashPoints(app: FastifyInstance) {
  const db = app.database.db;
  let trapped = false;
  let stop: { point: string; reached(): void; released: Promise<void> } | null = null;
  const stopHere = async (point: string, header: unknown) => {
    if (header !== point || stop?.point !== point) return;
    const { reached, released } = stop;
    stop = null;
    reached();
    await released;
  };
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 300) await stopHere('after-commit', request.headers[CRASH_HEADER]);
    return payload;
  });
  app.addHook('onError', async (request) => {
    await stopHere('before-commit', request.headers[CRASH_HEADER]);
  });

  async function installTrap() {
    await db.execute(sql`create schema crash_test`);
    await db.execute(sql`create table crash_test.armed (trap text not null)`);
    await db.execute(sql`
        create function crash_test.refuse_commit() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from crash_test.armed where trap = tg_argv[0]) then
            raise exception 'the process died before the commit (simulated)';
          end if;
          return null;
        end $$`);
    for (const { name } of await productTables(db)) {
      if (UNRELATED_TABLES.has(name)) continue;
      const refuse =
        name === 'idempotency_keys' ? sql`crash_test.refuse_commit('answer')` : sql`crash_test.refuse_commit('effect')`;
      await db.execute(sql`
          create constraint trigger crash_test_refuse_commit after insert or update or delete on ${sql.identifier(name)}
          deferrable initially deferred for each row execute function ${refuse}`);
    }
  }

  return {
    async next(point: 'after-commit' | 'before-commit', trap: 'effect' | 'answer' = 'effect') {
      if (point === 'before-commit') {
        if (!trapped) await installTrap();
        trapped = true;
        await db.execute(sql`insert into crash_test.armed values (${trap})`);
      }
      let reached!: () => void;
      let release!: () => void;
      const stopped = new Promise<void>((resolve) => (reached = resolve)).then(async () => {
        if (point === 'before-commit') await db.execute(sql`delete from crash_test.armed`);
      });
      stop = { point, reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { stopped, release, headers: { [CRASH_HEADER]: point } as Record<string, string> };
    },
  };
}

/**
 * Every product table's row count and a digest of its rows, by name: two equal states mean no request
 * changed anything in between.
 */
export async function databaseState(db: Db): Promise<Record<string, { rows: number; digest: string }>> {
  const names = (await productTables(db)).map((t) => t.name).filter((name) => !UNRELATED_TABLES.has(name));
  // One statement for all tables (a statement per table made this most of the idempotency test's time).
  const perTable = names.map(
    (name) => sql`select ${name} as name, count(*)::int as rows,
        md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
  );
  const rows = await rowsOf<{ name: string; rows: number; digest: string }>(db, sql.join(perTable, sql` union all `));
  return Object.fromEntries(rows.map(({ name, rows: count, digest }) => [name, { rows: count, digest }]));
}

/**
 * Shared rows made at their first use, whichever request that is: the fee, clearing and payouts ledger
 * accounts of a currency. Two equal effects may differ in them.
 */
const FIRST_USE_TABLES = new Set(['ledger_accounts']);

/** How many rows each table gained or lost between two states (tables that did not change left out). */
export function rowChanges(
  before: Awaited<ReturnType<typeof databaseState>>,
  after: Awaited<ReturnType<typeof databaseState>>,
): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [name, { rows }] of Object.entries(after)) {
    const delta = rows - (before[name]?.rows ?? 0);
    if (delta && !FIRST_USE_TABLES.has(name)) changes[name] = delta;
  }
  return changes;
}
