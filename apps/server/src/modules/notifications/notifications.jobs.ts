import type { TNotificationEvent } from '@holdfast/contracts';
import { renderEmail } from '../../emails/index.js';
import type { JobDeps } from '../../jobs/handlers.js';
import { completeJobInTransaction, enqueueJob } from '../../jobs/queue.js';
import type { JobHandlers } from '../../jobs/scheduler.js';
import { userChannel } from '../../realtime/index.js';
import { deliveriesFor, MESSAGE_EMAIL_INTERVAL_MS } from './notifications.content.js';
import { loadFacts } from './notifications.facts.js';
import { emailPreferences, insertNotification, takeEmailSlot } from './notifications.queries.js';

/**
 * The notification fan-out and email delivery.
 *
 * `notify`: reads the event's current data, writes one bell notification per person told, and queues an
 * `email.send` per email their preferences allow, all in one database transaction that also completes
 * the job (a retried notify job never tells anyone twice). The bell's sockets hear of it after the commit.
 *
 * `email.send`: renders one email and hands it to the email provider. It runs in the worker, never in a
 * request, so a slow or failing mail server only delays that job, which the scheduler retries with backoff.
 */
export function notificationJobHandlers({ config, db, providers, clock }: JobDeps): JobHandlers {
  return {
    async notify({ event }, ctx) {
      const facts = await loadFacts(db, event);
      if (!facts) return;
      const deliveries = deliveriesFor(facts, config.publicUrl);
      const now = clock.now();

      const published = await db.transaction(async (tx) => {
        if (!(await completeJobInTransaction(tx, ctx.jobId, now))) return [];
        const told: Array<{ userId: string; notificationId: string }> = [];
        for (const d of deliveries) {
          if (d.userId) {
            const notificationId = await insertNotification(tx, {
              userId: d.userId,
              type: event.type,
              title: d.bell.title,
              body: d.bell.body,
              link: d.bell.link,
              createdAt: now,
            });
            told.push({ userId: d.userId, notificationId });
          }
          if (d.category && d.userId) {
            const prefs = await emailPreferences(tx, d.userId);
            if (!prefs[d.category]) continue;
          }
          if (d.throttleKey && !(await takeEmailSlot(tx, d.throttleKey, now, MESSAGE_EMAIL_INTERVAL_MS))) continue;
          await enqueueJob(tx, {
            kind: 'email.send',
            payload: { to: d.to, email: d.email },
            runAt: now,
            key: `email:${ctx.jobId}:${d.userId ?? d.to}`,
          });
        }
        return told;
      });

      for (const { userId, notificationId } of published) {
        const message: TNotificationEvent = { type: 'notification', notificationId };
        void providers.pubsub.publish(userChannel(userId), message);
      }
    },

    async 'email.send'(payload) {
      if ('html' in payload) return providers.email.send(payload);
      const { subject, text, html } = await renderEmail(payload.email);
      await providers.email.send({ to: payload.to, subject, text, html });
    },
  };
}
