import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client.js';

export interface JobKindStats {
  kind: string;
  /** Queued, due, and held by no worker: waiting for one. */
  due: number;
  /** Held by a worker's unexpired lease: being run. */
  running: number;
  /** Gave up after their last attempt; they stay until someone looks at them. */
  failed: number;
  /** When the longest-waiting due job came due; null when none is due. */
  oldestDueAt: Date | null;
}

/**
 * The backlog by kind at `now`, in one grouped read of the jobs table (done jobs are not counted).
 * States as the worker sees them: due = queued, its time has come, no live lease; running = a live lease.
 */
export async function jobStatsByKind(db: DbOrTx, now: Date): Promise<JobKindStats[]> {
  const at = now.toISOString();
  const due = sql`state = 'queued' AND run_at <= ${at} AND (locked_until IS NULL OR locked_until <= ${at})`;
  const rows = await rowsOf<{ kind: string; due: number; running: number; failed: number; oldest_due: unknown }>(
    db,
    sql`SELECT kind,
          count(*) FILTER (WHERE ${due})::int AS due,
          count(*) FILTER (WHERE state = 'queued' AND locked_until > ${at})::int AS running,
          count(*) FILTER (WHERE state = 'failed')::int AS failed,
          min(run_at) FILTER (WHERE ${due}) AS oldest_due
        FROM jobs WHERE state IN ('queued', 'failed')
        GROUP BY kind ORDER BY kind`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    due: r.due,
    running: r.running,
    failed: r.failed,
    // node-postgres parses timestamptz into a Date, PGlite too; a string is taken as well.
    oldestDueAt: r.oldest_due == null ? null : new Date(r.oldest_due as string | Date),
  }));
}
