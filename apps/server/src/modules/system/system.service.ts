import { desc } from 'drizzle-orm';
import type { TMailboxMessage, TPublicConfig } from '@holdfast/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

/** What the web app needs to know about this server, its health, and the development mailbox. */
export function createSystemService({ config, database }: { config: Config; database: Database }) {
  return {
    publicConfig: (): TPublicConfig => ({
      sessionIdleTimeoutMs: config.session.idleTimeoutMs,
      sessionWarningMs: config.session.warningMs,
      paymentsProvider: config.payments.provider,
      stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
      devMailbox: !config.isProduction,
      demoPayments: config.payments.sandboxInProduction,
    }),

    async health() {
      const up = await database.ping();
      return {
        up,
        body: { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', engine: database.engine } as const,
      };
    },

    /** The latest mail sent through the outbox (development only; the route does not exist in production). */
    async mailbox(): Promise<TMailboxMessage[]> {
      const rows = await database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(100);
      return rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        links: m.links,
        createdAt: m.createdAt.toISOString(),
      }));
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
