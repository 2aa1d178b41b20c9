import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createEmailProvider, type EmailProvider } from './providers/email/index.js';

/** Long-lived collaborators built once per app; modules receive only what they use. */
export interface Services {
  email: EmailProvider;
}

export function createServices(config: Config, database: Database): Services {
  return {
    email: createEmailProvider(config, database.db),
  };
}
