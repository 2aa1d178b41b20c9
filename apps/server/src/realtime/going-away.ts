import type { FastifyInstance } from 'fastify';

/** WebSocket close code 1001, "going away": browsers reconnect, through the load balancer to another instance. */
export const GOING_AWAY_CLOSE_CODE = 1001;

/** How long a socket's peer has to answer our close before its connection is cut. */
const CLOSE_HANDSHAKE_MS = 2000;

/**
 * @fastify/websocket's preClose, run when the app closes: every socket is told the server is going away
 * (the plugin's own closes them with no code), and one whose peer does not answer within a moment is cut,
 * so a dead peer never holds the shutdown. The listener closes meanwhile; nothing waits here.
 */
export function closeSocketsGoingAway(app: FastifyInstance) {
  return (done: () => void) => {
    const server = app.websocketServer;
    for (const socket of server.clients) socket.close(GOING_AWAY_CLOSE_CODE, 'server shutting down');
    setTimeout(() => {
      for (const socket of server.clients) socket.terminate();
    }, CLOSE_HANDSHAKE_MS).unref();
    server.close();
    done();
  };
}
