import { desc, eq, sql } from 'drizzle-orm';
import type { TDevTextMessage, TMailboxMessage, TPublicConfig } from '@holdfast/contracts';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth-context.js';
import { emailOutbox, smsOutbox } from '../../db/schema/index.js';

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
      staffTwoFactorRequired: config.requireStaffTwoFactor,
    }),

    async health() {
      const up = await database.ping();
      return {
        up,
        body: { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', engine: database.engine } as const,
      };
    },

    /**
     * The latest mail sent through the outbox to the viewer's own address; an admin sees everyone's.
     * Development only: the route does not exist in production. Even so, a verification link is a key to
     * an address, so nobody reads another person's mail here.
     */
    async mailbox(viewer: Pick<SessionUser, 'email' | 'role'>): Promise<TMailboxMessage[]> {
      const query = database.db.select().from(emailOutbox);
      const own = sql`lower(${emailOutbox.to}) = ${viewer.email.toLowerCase()}`;
      const rows = await (viewer.role === 'admin' ? query : query.where(own))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(100);
      return rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        links: m.links,
        createdAt: m.createdAt.toISOString(),
      }));
    },

    /** Text messages sent through the outbox for one account (admins: everyone's), newest first. */
    async textMessages(viewer: { id: string; role: string }): Promise<TDevTextMessage[]> {
      const query = database.db.select().from(smsOutbox);
      const rows = await (viewer.role === 'admin' ? query : query.where(eq(smsOutbox.userId, viewer.id)))
        .orderBy(desc(smsOutbox.createdAt))
        .limit(50);
      return rows.map((m) => ({ id: m.id, to: m.to, text: m.text, createdAt: m.createdAt.toISOString() }));
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
