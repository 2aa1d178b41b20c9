import * as React from 'react';

/** What the server pushes: small events with ids; the page refetches what it shows (DESIGN: real time). */
export interface SocketEvent {
  type: string;
  [key: string]: unknown;
}

export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

/** Reconnection waits 1 s, then doubles up to 30 s; a successful connection starts over. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export const reconnectDelay = (attempt: number) => Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);

export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

export interface UseSocketOptions {
  /** Each pushed event, parsed. */
  onEvent?: (event: SocketEvent) => void;
  /** Right after every (re)connection: join channels again, refetch what may have been missed. */
  onOpen?: (send: (message: object) => void) => void;
  /** False: no socket (e.g. signed out). */
  enabled?: boolean;
}

/**
 * A WebSocket to `path` (/ws or /ws/support) that reconnects by itself with backoff. The server knows
 * who is connecting from the session cookie the browser sends; nothing identifying is sent by us.
 * `status` drives the pages' Connected/Disconnected badges.
 */
export function useSocket(path: string, { onEvent, onOpen, enabled = true }: UseSocketOptions = {}) {
  const [status, setStatus] = React.useState<SocketStatus>(enabled ? 'connecting' : 'disconnected');
  const socketRef = React.useRef<WebSocket | null>(null);
  // The latest callbacks, without reconnecting whenever a page re-renders.
  const handlers = React.useRef({ onEvent, onOpen });
  React.useEffect(() => {
    handlers.current = { onEvent, onOpen };
  });

  React.useEffect(() => {
    if (!enabled) {
      setStatus('disconnected');
      return;
    }
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      setStatus((s) => (s === 'connected' ? s : 'connecting'));
      const socket = new WebSocket(socketUrl(path));
      socketRef.current = socket;
      const send = (message: object) => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      };
      socket.onopen = () => {
        attempt = 0;
        setStatus('connected');
        handlers.current.onOpen?.(send);
      };
      socket.onmessage = (message) => {
        let event: SocketEvent;
        try {
          event = JSON.parse(String(message.data)) as SocketEvent;
        } catch {
          return;
        }
        if (event && typeof event.type === 'string') handlers.current.onEvent?.(event);
      };
      socket.onclose = () => {
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        setStatus('disconnected');
        timer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [path, enabled]);

  const send = React.useCallback((message: object) => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }, []);

  return { status, connected: status === 'connected', send };
}
