import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';

/** Starts the app on a free local port (real HTTP and WebSocket traffic); returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface TestSocket {
  ws: WebSocket;
  /** Every JSON message received so far, in order. */
  received: Array<{ type: string; [key: string]: unknown }>;
  /** Resolves with the first received message (past or future) that matches. */
  next(match: (m: { type: string; [key: string]: unknown }) => boolean, timeoutMs?: number): Promise<unknown>;
  send(message: unknown): void;
  close(): Promise<void>;
}

/**
 * Opens a WebSocket to `path` as a browser would: with the session cookie and an Origin header. Rejects
 * with the HTTP status when the server refuses the upgrade.
 */
export function openSocket(
  baseUrl: string,
  path: string,
  opts: { cookie?: string; origin?: string | null; answerPings?: boolean } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  const origin = opts.origin === undefined ? baseUrl : opts.origin;
  if (origin) headers.origin = origin;
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + path, { headers, autoPong: opts.answerPings ?? true });
  const received: TestSocket['received'] = [];
  const waiters: Array<{ match: (m: TestSocket['received'][number]) => boolean; resolve: (m: unknown) => void }> = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as TestSocket['received'][number];
    received.push(message);
    for (const w of waiters.splice(0)) {
      if (w.match(message)) w.resolve(message);
      else waiters.push(w);
    }
  });
  const socket: TestSocket = {
    ws,
    received,
    next(match, timeoutMs = 3000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching socket message within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`refused: ${res.statusCode}`), { headers: res.headers })),
    );
    ws.once('error', reject);
  });
}

/** Resolves after `ms`; for asserting that nothing arrives. */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether something listens on a local TCP port. */
function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    const done = (up: boolean) => {
      s.destroy();
      resolve(up);
    };
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
    setTimeout(() => done(false), 1000);
  });
}

/** The Redis the two-instance tests share (TEST_REDIS_URL, else the local one). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why a test that needs Redis cannot run here, or null when it can; the reason is printed. */
export async function redisUnavailable(label: string): Promise<string | null> {
  if (await reachable(Number(new URL(testRedisUrl).port || 6379))) return null;
  const reason = `needs Redis at ${testRedisUrl} (set TEST_REDIS_URL, or start redis-server)`;
  console.warn(`[${label}] skipped: ${reason}`);
  return reason;
}

/**
 * Why a two-instance test cannot run here (it needs PostgreSQL and Redis), or null when it can. The
 * reason is printed, so a skipped test never passes silently.
 */
export async function twoInstancesUnavailable(label: string, engine: string): Promise<string | null> {
  const reason =
    engine !== 'postgres'
      ? 'two instances need PostgreSQL (runs in the postgres project, with TEST_DATABASE_URL)'
      : !(await reachable(Number(new URL(testRedisUrl).port || 6379)))
        ? `two instances need Redis at ${testRedisUrl} (set TEST_REDIS_URL, or start redis-server)`
        : null;
  if (reason) console.warn(`[${label}] two-instance test skipped: ${reason}`);
  return reason;
}
