import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loadedPg, type DbOrTx } from './client.js';

/**
 * Hot statements as SQL text built once (at module load, or once per shape), run on the driver of the
 * database or open transaction they are given: no query builder per call. On PostgreSQL each is a named
 * prepared statement (parsed once per connection; the driver re-prepares on a new connection). PGlite
 * runs in this process, so it takes the text as is.
 *
 * Values come back as drizzle gives them to its own mappers: timestamps and dates as the driver's text
 * (`new Date(text)` reads it), bigints as text or numbers (`BigInt(value)`), jsonb parsed.
 */
export interface Statement {
  /** Unique per text in this process: a prepared statement's name on each connection. */
  name: string;
  text: string;
}

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const DATE = 1082;
const asText = (value: string) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    oid === TIMESTAMPTZ || oid === TIMESTAMP || oid === DATE
      ? asText
      : loadedPg()!.types.getTypeParser(oid, format as 'text' | undefined),
};
const pgliteOptions = { parsers: { [TIMESTAMPTZ]: asText, [TIMESTAMP]: asText, [DATE]: asText } };

interface PgliteLike {
  query(text: string, values: unknown[], options: unknown): Promise<{ rows: unknown[] }>;
}

/** The driver client under drizzle's database or transaction (a pg Pool or PoolClient, or PGlite). */
function clientOf(db: DbOrTx): unknown {
  return (db as unknown as { session: { client: unknown } }).session.client;
}

/** Runs `statement` with `values`; a failure is a DrizzleQueryError (text, values, the driver's error as cause) like any query's. */
export async function runStatement<T>(db: DbOrTx, statement: Statement, values: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  // node-postgres is loaded only when a PostgreSQL database was opened; until then every client is PGlite.
  const pg = loadedPg();
  try {
    if (pg && (client instanceof pg.Pool || client instanceof pg.Client)) {
      const result = await client.query({ name: statement.name, text: statement.text, values, types: pgTypes });
      return result.rows as T[];
    }
    const result = await (client as PgliteLike).query(statement.text, values, pgliteOptions);
    return result.rows as T[];
  } catch (error) {
    throw new DrizzleQueryError(statement.text, values, error as Error);
  }
}

let made = 0;
/** A statement with a fresh name; call it once per text (module load, or a per-shape cache). */
export function statement(prefix: string, text: string): Statement {
  made += 1;
  return { name: `${prefix}_${made}`, text };
}

/** A nullable timestamp as the driver sent it (text), as a Date. */
export const toDate = (value: string | Date | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);
