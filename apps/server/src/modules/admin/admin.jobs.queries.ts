import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ADMIN_JOB_STATES,
  type TAdminJobState,
  type TAdminJobSummary,
  type TFailedJob,
  type TJobAction,
} from '@holdfast/contracts';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents, jobs, users } from '../../db/schema/index.js';
import { LANE_OF_KIND, type JobKind } from '../../jobs/index.js';
import { CURSOR_AT_FORMAT, decodeCursor, toPage, type Page } from '../../lib/cursor.js';

const laneOf = (kind: string) => LANE_OF_KIND[kind as JobKind] ?? null;
const noJobs = (): Record<TAdminJobState, number> =>
  Object.fromEntries(ADMIN_JOB_STATES.map((s) => [s, 0])) as Record<TAdminJobState, number>;

/**
 * Jobs by kind and state (one aggregate over the table, which holds 30 days of done jobs at most). A
 * queued job whose lease has not run out is `running`. Every kind this server runs is listed, with zeros
 * when it has none.
 */
export async function jobSummary(db: DbOrTx, now: Date): Promise<Omit<TAdminJobSummary, 'ledgerCheck'>> {
  const rows = await db
    .select({
      kind: jobs.kind,
      state: jobs.state,
      n: sql<number>`count(*)::int`,
      held: sql<number>`(count(*) filter (where ${jobs.lockedUntil} > ${now.toISOString()}::timestamptz))::int`,
    })
    .from(jobs)
    .groupBy(jobs.kind, jobs.state);
  const byKind = new Map<string, Record<TAdminJobState, number>>(
    (Object.keys(LANE_OF_KIND) as string[]).map((kind) => [kind, noJobs()]),
  );
  const totals = noJobs();
  const add = (counts: Record<TAdminJobState, number>, state: TAdminJobState, n: number) => {
    counts[state] += n;
    totals[state] += n;
  };
  for (const r of rows) {
    const counts = byKind.get(r.kind) ?? noJobs();
    byKind.set(r.kind, counts);
    if (r.state === 'queued') {
      add(counts, 'running', Number(r.held));
      add(counts, 'queued', Number(r.n) - Number(r.held));
    } else add(counts, r.state, Number(r.n));
  }
  return {
    kinds: [...byKind].map(([kind, counts]) => ({ kind, lane: laneOf(kind), counts })),
    totals,
  };
}

/**
 * What a job is about, for a person: the ids in its payload (and in a notification's event), the
 * event's type, an email's recipient. Never the email's words or anything else it carries.
 */
export function jobRefs(payload: Record<string, unknown>): Record<string, string> {
  const refs: Record<string, string> = {};
  const take = (from: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(from)) {
      if (typeof value === 'string' && (key.endsWith('Id') || key === 'to')) refs[key] = value;
    }
  };
  take(payload);
  const event = payload.event;
  if (event && typeof event === 'object') {
    const e = event as Record<string, unknown>;
    if (typeof e.type === 'string') refs.event = e.type;
    take(e);
  }
  return refs;
}

/** The latest retry or cancellation of each of these jobs, with who did it. */
async function lastActions(db: DbOrTx, jobIds: string[]): Promise<Map<string, TJobAction>> {
  if (!jobIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([auditEvents.subjectId], {
      jobId: auditEvents.subjectId,
      action: auditEvents.action,
      at: auditEvents.createdAt,
      actorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      email: users.email,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.subjectType, 'job'), inArray(auditEvents.subjectId, jobIds)))
    .orderBy(auditEvents.subjectId, desc(auditEvents.createdAt), desc(auditEvents.id));
  return new Map(
    rows.map((r) => [
      r.jobId,
      {
        action: r.action === 'job.cancel' ? 'cancel' : 'retry',
        by: r.actorId
          ? {
              id: r.actorId,
              name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.name || (r.email ?? ''),
            }
          : null,
        at: r.at.toISOString(),
      },
    ]),
  );
}

/** One page of failed jobs, the latest failure first, (finished_at, id) descending after the cursor. */
export async function failedJobs(
  db: DbOrTx,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<TFailedJob>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      job: {
        id: jobs.id,
        kind: jobs.kind,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
        lastError: jobs.lastError,
        payload: jobs.payload,
        createdAt: jobs.createdAt,
        finishedAt: jobs.finishedAt,
      },
      cursorAt: sql<string>`to_char(${jobs.finishedAt} at time zone 'UTC', ${CURSOR_AT_FORMAT})`,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.state, 'failed'),
        after ? sql`(${jobs.finishedAt}, ${jobs.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(query.limit + 1);
  const actions = await lastActions(
    db,
    rows.slice(0, query.limit).map((r) => r.job.id),
  );
  return toPage(
    rows,
    query.limit,
    (r) => ({ at: r.cursorAt, id: r.job.id }),
    ({ job }) => ({
      id: job.id,
      kind: job.kind,
      lane: laneOf(job.kind),
      attempts: job.attempts,
      maxAttempts: job.maxAttempts,
      lastError: job.lastError,
      // A failed job always has its time (scheduler.ts sets it with the state).
      failedAt: (job.finishedAt ?? job.createdAt).toISOString(),
      createdAt: job.createdAt.toISOString(),
      refs: jobRefs(job.payload),
      lastAction: actions.get(job.id) ?? null,
    }),
  );
}
