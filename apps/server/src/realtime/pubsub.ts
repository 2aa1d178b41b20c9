import type * as IORedis from 'ioredis';
import { loadOptional } from '../lib/optional-module.js';
import { within } from '../lib/within.js';

/** A message on the bus: small, with ids only; receivers fetch the data they are allowed to see. */
export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

export type EventHandler = (event: RealtimeEvent) => void;

/**
 * Fan-out between whoever changes something and the sockets that must hear of it, possibly on another
 * instance. Publishing is fire-and-forget by design: the data is already in the database, and pages
 * also refresh on their own; a lost push is a late update, never lost data.
 */
export interface PubSub {
  publish(channel: string, event: RealtimeEvent): Promise<void>;
  /** Starts delivering the channel's events to `handler`; the returned function stops it. */
  subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>>;
  /** Whether the bus answers within `timeoutMs` (readiness): always, in one process. */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Handlers by channel, shared by both implementations: one upstream subscription per channel. */
class LocalFanOut {
  private readonly handlers = new Map<string, Set<EventHandler>>();

  /** True when this is the channel's first handler (subscribe upstream). */
  add(channel: string, handler: EventHandler): boolean {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    return first;
  }

  /** True when the channel has no handler left (unsubscribe upstream). */
  remove(channel: string, handler: EventHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size) return false;
    this.handlers.delete(channel);
    return true;
  }

  deliver(channel: string, event: RealtimeEvent) {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(event);
      } catch {
        // One broken socket must not stop the others from hearing.
      }
    }
  }

  clear() {
    this.handlers.clear();
  }
}

/** One process: events go straight to this instance's sockets. */
export function memoryPubSub(): PubSub {
  const local = new LocalFanOut();
  return {
    async publish(channel, event) {
      // Delivered after the caller's own work, as a remote bus would.
      queueMicrotask(() => local.deliver(channel, event));
    },
    async subscribe(channel, handler) {
      local.add(channel, handler);
      return async () => {
        local.remove(channel, handler);
      };
    },
    ping: async () => true,
    async close() {
      local.clear();
    },
  };
}

export interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Redis pub/sub: every instance publishes to Redis and subscribes there to the channels its own sockets
 * listen on, so a message posted through one instance reaches sockets held by another. A subscriber
 * connection cannot publish, hence two connections.
 */
export function redisPubSub(url: string, log?: Logger): PubSub {
  const options = { connectTimeout: 2000, maxRetriesPerRequest: 2, lazyConnect: false };
  const { Redis } = loadOptional('ioredis') as typeof IORedis;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const local = new LocalFanOut();
  for (const conn of [publisher, subscriber]) {
    conn.on('error', (err) => log?.warn({ err }, 'realtime bus (Redis) unavailable; pushes are delayed'));
  }
  subscriber.on('message', (channel: string, payload: string) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch {
      return;
    }
    local.deliver(channel, event);
  });
  return {
    async publish(channel, event) {
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (err) {
        log?.warn({ err, channel }, 'realtime publish failed');
      }
    },
    async subscribe(channel, handler) {
      if (local.add(channel, handler)) await subscriber.subscribe(channel);
      return async () => {
        if (local.remove(channel, handler)) await subscriber.unsubscribe(channel).catch(() => undefined);
      };
    },
    async ping(timeoutMs) {
      // While (re)connecting the PING waits in ioredis's queue: an answer within the limit still counts.
      return within(
        publisher.ping().then((answer) => answer === 'PONG'),
        timeoutMs,
        false,
      );
    },
    async close() {
      local.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
