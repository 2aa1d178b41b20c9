import type { TNotificationEvent } from '@holdfast/contracts';
import type { Db } from '../../db/client.js';
import { renderEmail } from '../../emails/index.js';
import { completeJob, enqueueJobsQuery, type JobHandlers, type NewJob } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import type { EmailProvider } from '../../providers/email/index.js';
import { userChannel, type PubSub } from '../../realtime/index.js';
import { deliveriesFor, MESSAGE_EMAIL_INTERVAL_MS } from './notifications.content.js';
import { loadFacts } from './notifications.facts.js';
import { tell, type Told } from './notifications.queries.js';

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
 * `notify`: reads the event's current data (one statement for a transaction's), then, in one database
 * transaction, completes its own job, writes one bell notification per person told and queues an
 * `email.send` per email their preferences and the hourly cap allow (notifications.queries.ts `tell`): a
 * notify job that runs twice finds itself done and tells nobody twice. The bell's sockets hear of it after
 * the commit.
 *
 * `email.send`: renders one email and hands it to the email provider. It runs in the worker, never in a
 * request, so a slow or failing mail server only delays that job, which the scheduler retries with backoff.
 */
export function notificationJobHandlers({ db, clock, publicUrl, email, pubsub }: NotificationJobDeps): JobHandlers {
  return {
    async notify({ event }, { jobId }) {
      const now = clock.now();
      const facts = await loadFacts(db, event, now);
      if (!facts) return;
      const tellings = deliveriesFor(facts, publicUrl).map((d) => ({
        userId: d.userId,
        to: d.to,
        title: d.bell.title,
        body: d.bell.body,
        link: d.bell.link,
        category: d.category,
        email: d.email,
        throttleKey: d.throttleKey ?? null,
        bellOnly: d.bellOnly ?? false,
      }));

      const bells = await db.transaction(async (tx) => {
        if (!(await completeJob(tx, jobId, now))) return [];
        const told = await tell(tx, { now, type: event.type, throttleMs: MESSAGE_EMAIL_INTERVAL_MS }, tellings);
        const emails = told.emails.map((e) => emailJob(jobId, e, now));
        if (emails.length) await enqueueJobsQuery(tx, emails);
        return told.bells;
      });

      for (const { userId, notificationId } of bells) {
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

/** One email of a notify job, sent now; its key makes it once per job and recipient, whatever retries. */
function emailJob(notifyJobId: string, e: Told['emails'][number], now: Date): NewJob<'email.send'> {
  return {
    kind: 'email.send',
    payload: { to: e.to, email: e.email },
    runAt: now,
    key: `email:${notifyJobId}:${e.userId ?? e.to}`,
  };
}
