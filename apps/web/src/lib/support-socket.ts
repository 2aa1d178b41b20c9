import * as React from 'react';
import { useSocket, type SocketEvent } from './realtime';

/**
 * /ws/support following one support chat (spec section 7): `join_chat` for the chat shown, again after
 * every reconnection, and whenever another chat is opened. The server sends the chat's `new_message`
 * and `status_updated` only if the caller may see the chat. A socket keeps hearing chats it joined
 * before, so handlers look at each event's chatId. The server answers each join with `joined` once
 * the chat is followed: refetching the chat then catches whatever was said before (or while offline).
 */
export function useSupportChatSocket(
  chatId: string | null,
  { onEvent, enabled = true }: { onEvent: (event: SocketEvent) => void; enabled?: boolean },
) {
  const chatRef = React.useRef(chatId);
  // Chats already joined on the current connection (reset by every reconnection).
  const joined = React.useRef(new Set<string>());
  React.useEffect(() => {
    chatRef.current = chatId;
  });

  const socket = useSocket('/ws/support', {
    enabled,
    onEvent,
    onOpen: (send) => {
      joined.current = new Set();
      const current = chatRef.current;
      if (current) {
        send({ type: 'join_chat', chatId: current });
        joined.current.add(current);
      }
    },
  });

  const { connected, send } = socket;
  React.useEffect(() => {
    if (!connected || !chatId || joined.current.has(chatId)) return;
    send({ type: 'join_chat', chatId });
    joined.current.add(chatId);
  }, [connected, chatId, send]);

  return socket;
}
