import type { FastifyInstance } from 'fastify';
import { SUPPORT_MESSAGES } from '@holdfast/contracts';
import { registerSocketRoute, supportChatChannel, type SocketConnection } from '../../realtime/index.js';

/** A socket follows at most this many chats (a page joins the one it shows; a long session a few more). */
export const MAX_JOINED_CHATS = 100;

/**
 * /ws/support (spec section 7): the client sends `{type: 'join_chat', chatId}` and from then on hears
 * that chat's `new_message` and `status_updated`. Only the chat's customer and staff may join; anyone
 * else is answered with an error and subscribed to nothing, so naming another person's chat yields
 * nothing of theirs.
 */
export function registerSupportSocket(app: FastifyInstance) {
  /** Per socket: each chat it asked to join, with whether that join succeeded (once known). */
  const joins = new WeakMap<SocketConnection, Map<string, Promise<boolean>>>();

  async function follow(conn: SocketConnection, chatId: string): Promise<boolean> {
    if (!chatId || !(await app.services.support.canFollow(conn.user, chatId))) return false;
    await conn.subscribe(supportChatChannel(chatId));
    return true;
  }

  registerSocketRoute(app, '/ws/support', app.pubsub, app.services.accountSessions, {
    async onMessage(conn, message) {
      if (message.type !== 'join_chat') return;
      const chatId = typeof message.chatId === 'string' ? message.chatId : '';
      let chats = joins.get(conn);
      if (!chats) joins.set(conn, (chats = new Map()));
      // A chat joined again (a reconnecting page, a double click) shares the first join: subscribed once,
      // and 'joined' is only ever answered once the subscription is in place.
      let join = chats.get(chatId);
      if (!join) {
        if (chats.size >= MAX_JOINED_CHATS) {
          return conn.send({ type: 'error', chatId, message: 'Too many chats on one connection; reload the page' });
        }
        const pending = follow(conn, chatId);
        chats.set(chatId, pending);
        const forget = () => chats.delete(chatId);
        pending.then((ok) => ok || forget(), forget);
        join = pending;
      }
      const ok = await join;
      conn.send(ok ? { type: 'joined', chatId } : { type: 'error', chatId, message: SUPPORT_MESSAGES.chatNotFound });
    },
  });
}
