import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { databaseFromPglite, type Database } from '../db/client.js';
import { createTestDatabase, testEngine } from './test-app.js';
import { tapPg, tappedPglite } from './driver-tap.js';

/**
 * An app whose driver records every statement it is sent, for tests that pin statement counts (a count,
 * not a timing). The tap (driver-tap.ts) sits around the driver in the calling test file only and is
 * taken off by `close()`.
 */
export async function statementRecordingApp() {
  const seen: string[] = [];
  let recording = false;
  const note = (q: unknown) => {
    if (recording) seen.push(typeof q === 'string' ? q : ((q as { text?: string })?.text ?? ''));
  };
  let untapPg = () => {};

  let database: Database & { dispose(): Promise<void> };
  if (testEngine === 'pglite') {
    const db = databaseFromPglite(tappedPglite(note));
    await db.migrate();
    database = { ...db, dispose: () => db.close() };
  } else {
    untapPg = tapPg(note);
    database = await createTestDatabase();
  }
  const app: FastifyInstance = await buildApp({ config: testConfig(), database });
  await app.ready();

  return {
    app,
    /** Runs `run` and answers its result with the statements sent meanwhile, in order. */
    async record<R>(run: () => Promise<R>): Promise<{ res: R; statements: string[] }> {
      seen.length = 0;
      recording = true;
      try {
        const res = await run();
        return { res, statements: [...seen] };
      } finally {
        recording = false;
      }
    },
    async close() {
      await app.close();
      await database.dispose();
      untapPg();
    },
  };
}
