import { ConfigError, loadConfig } from './config.js';
import { spawn } from 'node:child_process';
import closeWithGrace from 'close-with-grace';
import { embeddedDatabaseExists, openDatabase } from './db/client.js';
import { prepareSchema, SchemaBehindError } from './db/prepare-schema.js';
import { buildApp } from './app.js';
import { prepareData } from './startup.js';
import { stopGracefully } from './lib/shutdown.js';
import { scheduleLedgerCheck } from './ledger/index.js';
import { startTracing } from './observability/index.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const prepareOnly = process.env[PREPARE_ONLY] === '1';
  if (!process.env.NODE_ENV && !prepareOnly) {
    console.warn(
      '\nWARNING: NODE_ENV is not set, so this is a DEVELOPMENT server: demo accounts, the development mailbox and\n' +
        'insecure cookies are on. Set NODE_ENV=production (with AUTH_SECRET and PAYMENTS_PROVIDER) for real use.\n',
    );
  }
  if (!config.databaseUrl && !prepareOnly && !embeddedDatabaseExists(config.dataDir)) await firstStartInChild();
  // Before the app is built: the Fastify instrumentation joins each Fastify instance as it is created.
  const tracing = config.tracing && !prepareOnly ? startTracing(config.tracing) : null;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareSchema(database, config.migrateOnStart);
  } catch (error) {
    if (error instanceof SchemaBehindError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, database });
  tracing?.logTo(app.log);
  await prepareData(app);
  if (prepareOnly) {
    // The demo data's notifications and their emails go out here: sent by the server just after its first
    // start, they would load React Email into it (about 25 MB it keeps; docs/performance.md, Memory).
    await app.scheduler.runDue();
    await app.close();
    await database.close();
    process.exit(0);
  }

  // SIGTERM (or SIGINT) stops gracefully and exits 0; a second signal, or a stop still running when the
  // time limit ends, exits 1 at once. An uncaught error stops the same way, without the drain.
  const { drainMs, timeoutMs } = config.shutdown;
  closeWithGrace(
    {
      delay: timeoutMs,
      logger: app.log,
      onSecondSignal: (signal) => app.log.warn({ signal }, 'second signal: exiting now'),
      onTimeout: () => app.log.error({ timeoutMs }, 'shutdown took too long: exiting now'),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error: shutting down');
      else app.log.info({ signal, drainMs, timeoutMs }, 'shutting down');
      await stopGracefully(app, err ? 0 : drainMs);
      await tracing?.shutdown();
    },
  );

  await app.listen({ port: config.port, host: config.host });
  const metricsUrl = await app.metrics?.listen();
  await scheduleLedgerCheck(database.db, app.clock.now());
  app.scheduler.start();
  console.log(
    `\nHoldfast is running at ${config.publicUrl} (database: ${database.engine}${database.engine === 'pglite' ? `, ${config.dataDir}` : ''})\n`,
  );
  if (metricsUrl) console.log(`Metrics for Prometheus at ${metricsUrl}/metrics\n`);
}

const PREPARE_ONLY = 'HOLDFAST_PREPARE_ONLY';

/**
 * A new embedded database is created, migrated and given its first data (admin, demo accounts) by a
 * short-lived copy of this program that then exits. Creating it runs PostgreSQL's initdb, a WebAssembly
 * program of its own, and hashing the demo passwords takes tens of MB more: memory a process never gives
 * back. Done in the child, the server's first start costs what every later start costs (see
 * docs/performance.md, Memory).
 */
async function firstStartInChild() {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, [PREPARE_ONLY]: '1' },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`preparing the embedded database failed (exit code ${code})`)),
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
