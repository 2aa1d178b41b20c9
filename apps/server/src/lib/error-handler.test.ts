import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { MESSAGES } from '@holdfast/contracts';
import { INVALID_TEXT_MESSAGE, registerErrorHandler } from './error-handler.js';

/** The one error shape: client mistakes are 4xx with a clear text, our own failures never show internals. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: 1024 });
  registerErrorHandler(app);
  app.post('/echo', async (request) => ({ got: request.body }));
  app.get('/bigint', async () => {
    // A bug of ours (e.g. parsing a stored value): a SyntaxError that has nothing to do with the body.
    return { n: String(BigInt('12.5 from /var/lib/secret.conf')) };
  });
  app.get('/json', async () => JSON.parse('{"internal": ') as unknown);
  app.get('/db', async () => {
    throw Object.assign(new Error('relation "users" does not exist at character 15: SELECT password FROM users'), {
      code: '42P01',
    });
  });
  app.get('/nul', async () => {
    // What drizzle throws when PostgreSQL refuses a NUL byte in a text parameter.
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    throw new Error('Failed query: insert into "transactions" ... params: a\u0000b', { cause });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error handler', () => {
  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MESSAGES.generic.invalidJson, code: 'VALIDATION' });
    const big = await app.inject({ method: 'POST', url: '/echo', payload: { pad: 'x'.repeat(4096) } });
    expect(big.statusCode).toBe(413);
  });

  it('answers text the database cannot store (NUL) with 400, not 500, and shows no query', async () => {
    const res = await app.inject({ method: 'GET', url: '/nul' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INVALID_TEXT_MESSAGE, code: 'VALIDATION' });
  });

  it.each(['/bigint', '/json', '/db'])('answers a server-side failure at %s with 500 and no internals', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MESSAGES.generic.internal, code: 'INTERNAL' });
    expect(res.body).not.toMatch(/secret|SELECT|internal"|BigInt/);
  });
});
