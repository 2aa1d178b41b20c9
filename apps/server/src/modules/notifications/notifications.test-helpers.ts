import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { observe } from '../../test/observe.js';
import { notify, type NotificationEvent } from './events.js';

/** What one action caused (test/observe.ts), for this module's tests. */
export { observe };

/** Reports an event as its module does: inside a database transaction, on the app's clock. */
export function report(app: FastifyInstance, clock: Clock, event: NotificationEvent) {
  return observe(app, () => app.database.db.transaction((tx) => notify(tx, event, clock.now())));
}
