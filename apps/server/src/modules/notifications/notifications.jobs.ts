import type { TNotificationEvent } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { renderEmail } from '../../emails/index.js';
import type { JobHandlers } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import type { EmailProvider } from '../../providers/email/index.js';
import { userChannel, type PubSub } from '../../realtime/index.js';
import { deliveriesFor, MESSAGE_EMAIL_INTERVAL_MS } from './notifications.content.js';
import { loadFacts } from './notifications.facts.js';
import { tell } from './notifications.queries.js';

export interface NotificationJobDeps {
  db: Db;
  clock: Clock;
  /** The product's address, for the links in the emails. */
  publicUrl: string;
  email: EmailProvider;
  pubsub: PubSub;
}

/**
 * The notification fan-out and email delivery.
 *
 * `notify`: reads the event's current data (one statement for a transaction's), then writes one bell
 * notification per person told and queues an `email.send` per email their preferences and the hourly cap
 * allow, in one statement that also completes the job (a retried notify job never tells anyone twice;
 * notifications.queries.ts `tell`). The bell's sockets hear of it after that statement.
 *
 * `email.send`: renders one email and hands it to the email provider. It runs in the worker, never in a
 * request, so a slow or failing mail server only delays that job, which the scheduler retries with backoff.
 */
export function notificationJobHandlers({ db, clock, publicUrl, email, pubsub }: NotificationJobDeps): JobHandlers {
  return {
    async notify({ event }, ctx) {
      const facts = await loadFacts(db, event);
      if (!facts) return;
      const deliveries = deliveriesFor(facts, publicUrl);
      const now = clock.now();

      const published = await tell(
        db,
        { jobId: ctx.jobId, now, type: event.type, throttleMs: MESSAGE_EMAIL_INTERVAL_MS },
        deliveries.map((d) => ({
          userId: d.userId,
          to: d.to,
          title: d.bell.title,
          body: d.bell.body,
          link: d.bell.link,
          category: d.category,
          email: d.email,
          throttleKey: d.throttleKey ?? null,
        })),
      );

      for (const { userId, notificationId } of published) {
        const message: TNotificationEvent = { type: 'notification', notificationId };
        void pubsub.publish(userChannel(userId), message);
      }
      return 'finished';
    },

    async 'email.send'(payload) {
      if ('html' in payload) return email.send(payload);
      const { subject, text, html } = await renderEmail(payload.email);
      await email.send({ to: payload.to, subject, text, html });
    },
  };
}
