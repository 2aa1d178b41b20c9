import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOING_AWAY_CLOSE_CODE } from './realtime/index.js';
import {
  childDatabase,
  logMessage,
  startChildServer,
  type ChildDatabase,
  type ChildServer,
} from './test/child-server.js';
import { cookieHeader } from './test/factories.js';
import { openSocket, pause } from './test/sockets.js';

/**
 * SIGTERM on the real server process (main.ts through tsx): the order of a graceful stop as a load
 * balancer and a browser see it, and a second signal that cuts it short.
 */
const DRAIN_SECONDS = 3;
const TIMEOUT_SECONDS = 20;

let database: ChildDatabase;
const servers: ChildServer[] = [];
beforeAll(async () => {
  database = await childDatabase();
});
afterAll(async () => {
  for (const server of servers) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) continue;
    server.process.kill('SIGKILL');
    await server.exited;
  }
  await database?.dispose();
});

async function start(env: Record<string, string>) {
  const server = await startChildServer({ ...database.env, ...env });
  servers.push(server);
  return server;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function collect(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    res.on('error', reject);
  });
}

/** A GET on a connection of its own, as a load balancer's probe makes it. */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (res) => collect(res).then(resolve, reject)).on('error', reject);
  });
}

/**
 * A POST whose body arrives in two parts: the request is in flight from its first part until `finish()`
 * sends the rest. On a keep-alive connection, as a browser's.
 */
function slowPost(url: string, body: string) {
  const half = Math.floor(body.length / 2);
  const agent = new http.Agent({ keepAlive: true });
  let sendRest!: () => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => collect(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    sendRest = () => req.end(body.slice(half));
  });
  return {
    answer: answer.finally(() => agent.destroy()),
    finish: () => sendRest(),
  };
}

/** Whether a new TCP connection to the server's port is refused. */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(true) : reject(error),
    );
  });
}

/** Resolves with the time (performance.now(), as the wall clock may jump) at which new connections were first refused (tried every 25 ms, up to `timeoutMs`). */
async function whenRefused(url: string, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (!(await refused(url))) {
    if (performance.now() > deadline) throw new Error(`the server still accepts connections after ${timeoutMs} ms`);
    await pause(25);
  }
  return performance.now();
}

async function signedInCookie(url: string): Promise<string> {
  const password = 'Secret-pass-1';
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Shutdown',
      lastName: 'Test',
      email: `shutdown-${randomUUID()}@example.com`,
      password,
      confirmPassword: password,
      role: 'buyer',
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return cookieHeader(res.headers.getSetCookie());
}

const isLog = (message: string) => (line: string) => logMessage(line) === message;

describe('SIGTERM', () => {
  it('fails readiness at once, drains, refuses new connections, lets the request in flight finish, closes sockets with 1001 and exits 0', async () => {
    const server = await start({
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    });
    const { url } = server;
    expect((await get(`${url}/api/health/ready`)).status).toBe(200);

    const socket = await openSocket(url, '/ws', { cookie: await signedInCookie(url) });
    await socket.next((m) => m.type === 'connected');
    const socketClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    const inFlight = slowPost(`${url}/api/currencies/validate`, JSON.stringify({ amount: '100.00', currency: 'USD' }));
    await server.line((line) => logMessage(line) === 'incoming request' && line.includes('/api/currencies/validate'));

    const signalledAt = performance.now();
    server.process.kill('SIGTERM');
    await server.line(isLog('shutting down'));

    // The load balancer's next probe hears 503 while the listener still takes connections; the process is live.
    const ready = await get(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'shutting_down' });
    expect(ready.headers.connection).toBe('close');
    expect((await get(`${url}/api/health/live`)).status).toBe(200);

    // After the drain no new connection is taken, but the request in flight still completes.
    const refusedAt = await whenRefused(url, TIMEOUT_SECONDS * 1000);
    expect(refusedAt - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ valid: true });
    // Its keep-alive connection is closed behind it: the browser's next request goes elsewhere.
    expect(answer.headers.connection).toBe('close');

    expect(await socketClosed).toEqual({ code: GOING_AWAY_CLOSE_CODE, reason: 'server shutting down' });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalledAt).toBeLessThan(TIMEOUT_SECONDS * 1000);
  });

  it('a second signal exits at once, without waiting for the drain', async () => {
    // A drain far longer than the test: only the second signal can end the process in time.
    const server = await start({ SHUTDOWN_DRAIN_SECONDS: '300', SHUTDOWN_TIMEOUT_SECONDS: '600' });
    server.process.kill('SIGTERM');
    await server.line(isLog('shutting down'));
    expect((await get(`${server.url}/api/health/ready`)).status).toBe(503);
    const secondAt = performance.now();
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(performance.now() - secondAt).toBeLessThan(30_000);
    expect(server.output()).toContain('second signal: exiting now');
  });
});
