import { boolean, index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outcome of each scheduled ledger check (ledger/daily-check.ts): when it ran, whether every invariant
 * held, and the problems found. One row a day; kept as the ledger's health history.
 */
export const ledgerCheckRuns = pgTable(
  'ledger_check_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    /** What checkLedger reported (at most 50 lines per kind of problem); empty when ok. */
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
  },
  (t) => [index('ledger_check_runs_finished_at_idx').on(t.finishedAt)],
);
