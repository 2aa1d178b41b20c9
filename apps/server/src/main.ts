import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { prepareData } from './startup.js';

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
  if (!process.env.NODE_ENV) {
    console.warn(
      '\nWARNING: NODE_ENV is not set, so this is a DEVELOPMENT server: demo accounts, the development mailbox and\n' +
        'insecure cookies are on. Set NODE_ENV=production (with AUTH_SECRET and PAYMENTS_PROVIDER) for real use.\n',
    );
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  await prepareData(app);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `\nHoldfast is running at ${config.publicUrl} (database: ${database.engine}${database.engine === 'pglite' ? `, ${config.dataDir}` : ''})\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
