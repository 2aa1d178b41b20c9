import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS } from '@holdfast/contracts';
import { registerUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CLIENT_ERROR_LOG_MESSAGE } from './index.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  userId?: string | null;
  clientError?: Record<string, unknown>;
}

let t: TestApp;
let lines: LogLine[];
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
});
afterAll(() => t.close());
beforeEach(() => {
  lines = [];
});

const report = {
  message: "Cannot read properties of undefined (reading 'amount')",
  stack: "TypeError: Cannot read properties of undefined (reading 'amount')\n    at TransactionCard (/assets/x.js:1:2)",
  componentStack: '\n    at TransactionCard\n    at TransactionsPage',
  url: 'http://localhost:5000/transactions?status=active',
};
/** Each test reports from an address of its own: the limit is per address. */
const send = (payload: unknown, opts: { cookie?: string; remoteAddress: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    payload: payload as object,
    remoteAddress: opts.remoteAddress,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
const reports = () => lines.filter((l) => l.msg === CLIENT_ERROR_LOG_MESSAGE);

describe('POST /api/client-errors', () => {
  it('logs what anyone reports as a warning with a stable message, and answers 204 without a body', async () => {
    const res = await send(report, { remoteAddress: '198.51.100.1' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(reports()).toEqual([
      expect.objectContaining({ level: 40, userId: null, clientError: report, reqId: res.headers['x-request-id'] }),
    ]);
  });

  it('names the signed-in person who saw it', async () => {
    const someone = await registerUser(t.app);
    lines = [];
    expect((await send(report, { cookie: someone.cookie, remoteAddress: '198.51.100.2' })).statusCode).toBe(204);
    expect(reports()).toEqual([expect.objectContaining({ userId: someone.user.id })]);
  });

  it('refuses fields over their limits and bodies over the size bound, and logs nothing of them', async () => {
    const remoteAddress = '198.51.100.3';
    const tooLong = { ...report, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) };
    const refused = await send(tooLong, { remoteAddress });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', fields: { message: expect.any(String) } });
    expect((await send({ url: '/' }, { remoteAddress })).statusCode).toBe(400);
    const huge = await send({ ...report, extra: 'x'.repeat(64 * 1024) }, { remoteAddress });
    expect(huge.statusCode).toBe(413);
    expect(reports()).toEqual([]);
  });

  it('takes at most 10 reports a minute from one address', async () => {
    const remoteAddress = '198.51.100.4';
    for (let i = 0; i < 10; i++) expect((await send(report, { remoteAddress })).statusCode).toBe(204);
    const limited = await send(report, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(reports()).toHaveLength(10);
    // Another address is not held back.
    expect((await send(report, { remoteAddress: '198.51.100.5' })).statusCode).toBe(204);
  });
});
