import { inArray, not } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOutbox, notifications } from '../db/schema/index.js';

type Email = typeof emailOutbox.$inferSelect;
type Bell = typeof notifications.$inferSelect;

/**
 * Runs `action`, then the due jobs, and answers the emails and bell notifications it produced alone:
 * whatever earlier steps (registration, funding) queued is drained and left out first, so a test sees
 * exactly what one event caused.
 */
export async function observe(app: FastifyInstance, action: () => Promise<unknown>) {
  const db = app.database.db;
  await app.scheduler.runDue();
  const seenEmails = (await db.select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id);
  const seenBells = (await db.select({ id: notifications.id }).from(notifications)).map((r) => r.id);
  await action();
  await app.scheduler.runDue();
  const emails: Email[] = await db
    .select()
    .from(emailOutbox)
    .where(seenEmails.length ? not(inArray(emailOutbox.id, seenEmails)) : undefined);
  const bells: Bell[] = await db
    .select()
    .from(notifications)
    .where(seenBells.length ? not(inArray(notifications.id, seenBells)) : undefined);
  return {
    emails,
    bells,
    emailTo: (address: string) => emails.filter((e) => e.to === address.toLowerCase()),
    bellsOf: (userId: string) => bells.filter((b) => b.userId === userId),
  };
}
