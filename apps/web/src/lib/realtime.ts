import * as React from 'react';
import { SESSION_ENDED_CLOSE_CODE } from '@holdfast/contracts/constants';

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

const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` when the server closes a socket because its session ended (another browser revoked
 * it, a password change): the app then treats the person as signed out. Returns the unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

interface Subscriber {
  handlers: React.RefObject<Pick<UseSocketOptions, 'onEvent' | 'onOpen'>>;
  setStatus: (status: SocketStatus) => void;
}

/**
 * One WebSocket per path for the whole tab, shared by every component that listens on it (the bell and
 * the page both hear /ws): it opens with the first subscriber, reconnects with backoff while anyone
 * listens, and closes with the last. A subscriber joining an open socket gets its `onOpen` at once.
 */
export class SharedSocket {
  private socket: WebSocket | null = null;
  private status: SocketStatus = 'connecting';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly subscribers = new Set<Subscriber>();

  constructor(private readonly path: string) {}

  add(sub: Subscriber) {
    this.subscribers.add(sub);
    sub.setStatus(this.status);
    if (!this.socket && this.timer === undefined) this.connect();
    else if (this.status === 'connected') sub.handlers.current.onOpen?.(this.send);
  }

  /** Removes a subscriber; true when nobody is left and the socket was closed. */
  remove(sub: Subscriber): boolean {
    this.subscribers.delete(sub);
    if (this.subscribers.size > 0) return false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    return true;
  }

  readonly send = (message: object) => {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  };

  private setStatus(status: SocketStatus) {
    this.status = status;
    for (const sub of this.subscribers) sub.setStatus(status);
  }

  private connect() {
    this.timer = undefined;
    if (this.status !== 'connected') this.setStatus('connecting');
    const socket = new WebSocket(socketUrl(this.path));
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('connected');
      for (const sub of this.subscribers) sub.handlers.current.onOpen?.(this.send);
    };
    socket.onmessage = (message) => {
      let event: SocketEvent;
      try {
        event = JSON.parse(String(message.data)) as SocketEvent;
      } catch {
        return;
      }
      if (!event || typeof event.type !== 'string') return;
      for (const sub of this.subscribers) sub.handlers.current.onEvent?.(event);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return; // closed on purpose by the last subscriber
      this.socket = null;
      this.setStatus('disconnected');
      // An ended session is not reconnected: the app signs the person out (a new session reconnects).
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        for (const listener of sessionEndedListeners) listener();
        return;
      }
      this.timer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++));
    };
  }
}

const sharedSockets = new Map<string, SharedSocket>();

/**
 * A WebSocket to `path` (/ws or /ws/support) that reconnects by itself with backoff; components on the
 * same path share one connection. The server knows who is connecting from the session cookie the browser
 * sends; nothing identifying is sent by us. `status` drives the pages' Connected/Disconnected badges.
 */
export function useSocket(path: string, { onEvent, onOpen, enabled = true }: UseSocketOptions = {}) {
  const [status, setStatus] = React.useState<SocketStatus>(enabled ? 'connecting' : 'disconnected');
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
    let shared = sharedSockets.get(path);
    if (!shared) {
      shared = new SharedSocket(path);
      sharedSockets.set(path, shared);
    }
    const sub: Subscriber = { handlers, setStatus };
    shared.add(sub);
    const mine = shared;
    return () => {
      if (mine.remove(sub) && sharedSockets.get(path) === mine) sharedSockets.delete(path);
    };
  }, [path, enabled]);

  const send = React.useCallback((message: object) => sharedSockets.get(path)?.send(message), [path]);

  return { status, connected: status === 'connected', send };
}
