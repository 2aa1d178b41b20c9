/**
 * npm run sanctions:import -- <list.csv> [--aliases <alt.csv>] [--list <id>]
 * Loads a sanctions list in OFAC's CSV shape (sdn.csv, or the consolidated list's cons_prim.csv; aliases
 * from alt.csv / cons_alt.csv) into the configured database, replacing the earlier load of the same list
 * in one transaction. Exit code 1 for a bad file or arguments (nothing changes), 2 for the database.
 * With the embedded database, stop the server first: PGlite files are opened by one process at a time.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { prepareSchema, SchemaBehindError } from '../db/prepare-schema.js';
import { importSanctionsList, SanctionsFileError } from '../modules/sanctions/index.js';
import { describeDatabase, embeddedDatabaseInUse, missingEmbeddedDatabase } from './database-target.js';

const USAGE = `Usage: npm run sanctions:import -- <list.csv> [--aliases <alt.csv>] [--list <id>]
  <list.csv>   OFAC's sdn.csv (or cons_prim.csv): ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign,
               Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks; no header row
  --aliases    OFAC's alt.csv (or cons_alt.csv): ent_num, alt_num, alt_type, alt_name, alt_remarks
  --list       the list's id, replaced by this load (default: from the file name, sdn.csv -> sdn)`;

function fail(message: string, code = 1): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(code);
}

/** sdn.csv → sdn, cons_prim.csv → cons_prim. */
const listIdOf = (file: string) =>
  path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-');

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    return fail(
      `Cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { aliases: { type: 'string' }, list: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) fail('Name one list file.');
  const listFile = positionals[0]!;
  const list = { name: path.basename(listFile), text: await readText(listFile, 'list file') };
  const aliases = values.aliases
    ? { name: path.basename(values.aliases), text: await readText(values.aliases, 'aliases file') }
    : undefined;

  let config;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
  const missing = missingEmbeddedDatabase(config) ?? embeddedDatabaseInUse(config);
  if (missing) fail(missing, 2);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareSchema(database, config.migrateOnStart);
    const result = await importSanctionsList(database.db, {
      listId: values.list ?? listIdOf(listFile),
      list,
      aliases,
      now: new Date(),
    });
    console.log(
      `Loaded sanctions list "${result.listId}" into the ${describeDatabase(config)}: ` +
        `${result.entries} entries, ${result.aliases} aliases` +
        (result.replaced
          ? ` (replaced ${result.replaced.entries} entries loaded ${result.replaced.loadedAt})`
          : ' (new list)'),
    );
  } catch (error) {
    if (error instanceof SanctionsFileError) fail(`Nothing was loaded: ${error.message}`);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof SchemaBehindError ? error.message : error);
  process.exit(2);
});
