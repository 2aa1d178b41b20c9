import type { FastifyInstance } from 'fastify';
import { isStaff } from '@holdfast/contracts';
import { STAFF_CHANNEL, userChannel } from './channels.js';
import { registerSocketRoute } from './socket-route.js';

/**
 * /ws: a signed-in person's own events (new private and live chat messages; for staff also the support
 * console's). The spec's client sends `{type: 'auth', token: <user id>}` first: it is accepted for
 * compatibility and answered with who the socket belongs to, which the session cookie decided.
 */
export function registerUserSocket(app: FastifyInstance) {
  registerSocketRoute(app, '/ws', app.pubsub, app.services.accountSessions, {
    async onOpen(conn) {
      await conn.subscribe(userChannel(conn.user.id));
      if (isStaff(conn.user.role)) await conn.subscribe(STAFF_CHANNEL);
    },
    onMessage(conn, message) {
      if (message.type === 'auth') conn.send({ type: 'authenticated', userId: conn.user.id });
    },
  });
}
