import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/client.js';
import { allLists } from './sanctions.queries.js';
import { importSanctionsList, type ImportResult } from './sanctions.service.js';

/**
 * A dozen made-up entries in OFAC's shapes (names, places and programs are fictitious), for development,
 * the demo and tests: never a stand-in for a real list. Beside this file in the source, beside main.js in
 * the build (build.mjs copies them).
 */
export const SAMPLE_LIST_FILE = fileURLToPath(new URL('./sample-sdn.csv', import.meta.url));
export const SAMPLE_ALIASES_FILE = fileURLToPath(new URL('./sample-alt.csv', import.meta.url));
export const SAMPLE_LIST_ID = 'sample';

export async function loadSampleList(db: Db, now: Date): Promise<ImportResult> {
  const [list, aliases] = await Promise.all([
    readFile(SAMPLE_LIST_FILE, 'utf8'),
    readFile(SAMPLE_ALIASES_FILE, 'utf8'),
  ]);
  return importSanctionsList(db, {
    listId: SAMPLE_LIST_ID,
    list: { name: 'sample-sdn.csv', text: list },
    aliases: { name: 'sample-alt.csv', text: aliases },
    now,
  });
}

/** The sample list, unless some list is loaded already (an operator's own list is never joined by it). */
export async function loadSampleListIfNone(db: Db, now: Date): Promise<ImportResult | null> {
  if ((await allLists(db)).length) return null;
  return loadSampleList(db, now);
}
