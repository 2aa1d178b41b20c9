import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@holdfast/contracts';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { prepareSchema } from '../db/prepare-schema.js';
import { embeddedDatabaseInUse } from './database-target.js';

const USAGE = `Usage: npm run create-admin -- --email <email> --password <password> [--first-name <name>] [--last-name <name>]
       (or set ADMIN_EMAIL and ADMIN_PASSWORD)`;

const ZArgs = z.object({
  email: z.email('--email must be a valid email address'),
  password: z
    .string()
    .min(12, '--password must be at least 12 characters')
    .max(PASSWORD_MAX_LENGTH, `--password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

/** Creates the admin account, or promotes an existing account to admin (its password stays). */
async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = ZArgs.safeParse({
    email: values.email ?? process.env.ADMIN_EMAIL,
    password: values.password ?? process.env.ADMIN_PASSWORD,
    firstName: values['first-name'] ?? 'Admin',
    lastName: values['last-name'] ?? 'User',
  });
  if (!parsed.success) {
    const missing = !(values.email ?? process.env.ADMIN_EMAIL) || !(values.password ?? process.env.ADMIN_PASSWORD);
    fail(missing ? 'An email and a password are required.' : parsed.error.issues.map((i) => i.message).join('\n'));
  }

  let config;
  try {
    // The admin comes from the arguments; keep the environment's own ADMIN_* out of the app config.
    config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const inUse = embeddedDatabaseInUse(config);
  if (inUse) {
    console.error(inUse);
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareSchema(database, config.migrateOnStart);
    const app = await buildApp({ config, database });
    const { user, created } = await app.services.auth.ensureAccount({ ...parsed.data, role: 'admin' });
    await app.close();
    console.log(
      created
        ? `Created admin account ${user.email} (${user.firstName} ${user.lastName}).`
        : `Promoted existing account ${user.email} to admin (its password is unchanged).`,
    );
    console.log(`Sign in at ${config.publicUrl}/admin/login`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
