import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { ZMailboxMessage, ZPublicConfig } from '@holdfast/contracts';
import { emailOutbox } from '../../db/schema/index.js';

export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  r.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public runtime settings for the web app',
        response: { 200: ZPublicConfig },
      },
    },
    async () => ({
      sessionIdleTimeoutMs: config.session.idleTimeoutMs,
      sessionWarningMs: config.session.warningMs,
      paymentsProvider: config.payments.provider,
      stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
      devMailbox: !config.isProduction,
    }),
  );

  // The development mailbox exists only outside production.
  if (!config.isProduction) {
    r.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['system'],
          summary: 'Mail sent through the outbox (development only)',
          response: { 200: z.object({ messages: z.array(ZMailboxMessage) }) },
        },
      },
      async () => {
        const rows = await app.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(100);
        return {
          messages: rows.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            links: m.links,
            createdAt: m.createdAt.toISOString(),
          })),
        };
      },
    );
  }
}
