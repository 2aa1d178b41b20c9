import { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.js';
import { testConfig } from './config.js';
import { databaseFromPglite } from './db/client.js';

/** The OpenAPI document as the routes' Zod schemas describe it (committed as docs/openapi.json). */
export async function generateOpenApi(): Promise<string> {
  const database = databaseFromPglite(new PGlite());
  // A fixed configuration so the document does not depend on the machine's environment.
  const app = await buildApp({ config: testConfig({ NODE_ENV: 'development' }), database });
  try {
    await app.ready();
    return JSON.stringify(app.swagger(), null, 2) + '\n';
  } finally {
    await app.close();
    await database.close();
  }
}
