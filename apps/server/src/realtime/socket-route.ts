import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionUser } from '../lib/auth-context.js';
import { appError, unauthenticated } from '../lib/errors.js';
import { isAllowedOrigin, originOf } from '../lib/origin-check.js';
import type { PubSub, RealtimeEvent } from './pubsub.js';
import { endsSession, SESSION_ENDED_CLOSE_CODE, sessionsChannel } from './session-ends.js';

/** The largest message a client may send over a socket; anything bigger closes it (1009). */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** One open socket of a signed-in person. */
export interface SocketConnection {
  readonly user: SessionUser;
  send(event: RealtimeEvent): void;
  /** Forwards the channel's events to this socket until it closes. */
  subscribe(channel: string): Promise<void>;
}

/** The session behind a socket: which one it is, and whether it still lives (the accounts module's). */
export interface SocketSessions {
  /** The id of `userId`'s session behind the upgrade request's cookies, or null. */
  currentSessionId(userId: string, cookies: Record<string, string | undefined>): Promise<string | null>;
  isLive(sessionId: string): Promise<boolean>;
}

export interface SocketRouteHandlers {
  /** Right after the socket opened: subscribe the person to their own channels. */
  onOpen?(conn: SocketConnection): Promise<void> | void;
  /** A client message that parsed as a JSON object with a string `type`; anything else is ignored. */
  onMessage?(conn: SocketConnection, message: { type: string; [key: string]: unknown }): Promise<void> | void;
}

/** A client's message as an object with a `type`, or null for anything else (ignored, never fatal). */
export function parseClientMessage(data: unknown): { type: string; [key: string]: unknown } | null {
  const text = Buffer.isBuffer(data) ? data.toString('utf8') : typeof data === 'string' ? data : null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typeof (value as { type?: unknown }).type === 'string'
      ? (value as { type: string })
      : null;
  } catch {
    return null;
  }
}

/**
 * A WebSocket endpoint on the product's terms: the person comes from the session cookie (the request
 * hook already resolved it; a client-sent id is never believed), the Origin must be one of ours (a
 * browser sends cookies cross-site on an upgrade, so this is the CSRF check of sockets), and heartbeats
 * drop sockets whose peer stopped answering. Events travel through the PubSub, so a socket hears what
 * any instance publishes.
 */
export function registerSocketRoute(
  app: FastifyInstance,
  path: string,
  pubsub: PubSub,
  sessions: SocketSessions,
  handlers: SocketRouteHandlers,
) {
  const trusted = new Set(app.config.trustedOrigins.map(originOf).filter((o): o is string => Boolean(o)));
  const alive = new WeakMap<WebSocket, boolean>();
  const sockets = new Set<WebSocket>();
  app.metrics?.countSockets(path, () => sockets.size);

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, app.config.realtime.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const socket of sockets) socket.terminate();
  });

  app.get(
    path,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        // Always required: only a browser page opens a socket with cookies, and it always sends one.
        if (!origin || !isAllowedOrigin(origin, trusted, request)) {
          throw appError('CROSS_ORIGIN', 'This origin may not open a socket');
        }
        if (!request.user) throw unauthenticated();
      },
    },
    (socket, request) => {
      const user = request.user!;
      const unsubscribes: Array<() => Promise<void>> = [];
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      const endSession = () => socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
      const session = sessions.currentSessionId(user.id, request.cookies);

      const conn: SocketConnection = {
        user,
        send(event) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
        },
        async subscribe(channel) {
          const stop = await pubsub.subscribe(channel, (event) => conn.send(event));
          if (socket.readyState === socket.OPEN) unsubscribes.push(stop);
          else await stop();
        },
      };

      socket.on('close', () => {
        sockets.delete(socket);
        for (const stop of unsubscribes.splice(0)) void stop();
      });
      socket.on('message', (data) => {
        alive.set(socket, true);
        const message = parseClientMessage(data);
        if (!message) return;
        if (message.type === 'ping') return conn.send({ type: 'pong' });
        // Every request of the page checks its session; so does every message that asks for something
        // (`auth`, `join_chat`): a session that ended meanwhile (idle, lifetime) closes the socket instead.
        void (async () => {
          const sessionId = await session;
          if (!sessionId || !(await sessions.isLive(sessionId))) return endSession();
          await handlers.onMessage?.(conn, message);
        })().catch((err: unknown) => request.log.warn({ err }, 'socket message handler failed'));
      });
      // The session's end closes the socket, whichever instance ended it; heard before 'connected' is sent.
      void session
        .then(async (sessionId) => {
          if (!sessionId) return endSession();
          const stop = await pubsub.subscribe(sessionsChannel(user.id), (event) => {
            if (endsSession(event, sessionId)) endSession();
          });
          if (socket.readyState === socket.OPEN) unsubscribes.push(stop);
          else await stop();
        })
        .then(() => handlers.onOpen?.(conn))
        .then(() => conn.send({ type: 'connected' }))
        .catch((err: unknown) => {
          request.log.warn({ err }, 'socket open handler failed');
          socket.close(1011);
        });
    },
  );
}
