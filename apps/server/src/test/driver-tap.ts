import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Sees each statement a driver is sent: its text (or query config) and its parameters. */
export type DriverTap = (query: unknown, params: unknown[] | undefined) => void;

/**
 * node-postgres: Pool.query goes through Client.query, so one patch sees every statement. For tests and
 * benchmarks that count statements; answers the undo.
 */
export function tapPg(tap: DriverTap): () => void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    tap(args[0], args[1] as unknown[] | undefined);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return () => {
    pg.Client.prototype.query = original;
  };
}

/**
 * A PGlite whose statements go through `tap`: drizzle calls `query`, `exec` and `transaction` (whose own
 * `query` is separate). PGlite sends BEGIN and COMMIT itself, so they are tapped here as text, and both
 * engines count database transactions alike.
 */
export function tappedPglite(tap: DriverTap): PGlite {
  const client = new PGlite();
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<typeof query>) => (
    tap(args[0], args[1]),
    query(...args)
  )) as typeof client.query;
  const exec = client.exec.bind(client);
  client.exec = ((...args: Parameters<typeof exec>) => (tap(args[0], []), exec(...args))) as typeof client.exec;
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<typeof transaction>[0]) => {
    tap('BEGIN', []);
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof txQuery>) => (
        tap(args[0], args[1]),
        txQuery(...args)
      )) as typeof tx.query;
      return fn(tx);
    }).finally(() => tap('COMMIT', []));
  }) as typeof client.transaction;
  return client;
}
