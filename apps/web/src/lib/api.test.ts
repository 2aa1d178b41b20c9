import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorCode, errorMessage, errorStatus, getQueryFn } from './api';

interface Call {
  url: string;
  init: RequestInit;
}

function stubFetch(status: number, body: string, statusText = '') {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(status === 204 ? null : body, { status, statusText });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends cookies, JSON only with a body, and an idempotency key on mutations', async () => {
    const calls = stubFetch(200, '{}');
    await apiRequest('POST', '/api/things', { a: 1 });
    await apiRequest('GET', '/api/things');
    await apiRequest('DELETE', '/api/things/1');
    const [post, get, del] = calls;
    expect(post.init.credentials).toBe('include');
    expect(post.init.body).toBe('{"a":1}');
    const postHeaders = post.init.headers as Record<string, string>;
    expect(postHeaders['Content-Type']).toBe('application/json');
    expect(postHeaders['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(get.init.credentials).toBe('include');
    expect(get.init.headers).toEqual({});
    const delHeaders = del.init.headers as Record<string, string>;
    expect(delHeaders['Content-Type']).toBeUndefined();
    expect(delHeaders['Idempotency-Key']).toBeTruthy();
    expect(delHeaders['Idempotency-Key']).not.toBe(postHeaders['Idempotency-Key']);
  });

  it('turns a failure into "status: text"', async () => {
    stubFetch(409, '{"message":"An account with this email already exists"}');
    const err = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe('409: {"message":"An account with this email already exists"}');
    expect(errorStatus(err)).toBe(409);
    expect(errorMessage(err, 'Account creation failed')).toBe('An account with this email already exists');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(500, '', 'Internal Server Error');
    const err = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect((err as Error).message).toBe('500: Internal Server Error');
  });
});

describe('errorCode', () => {
  it('reads the stable code from the error body, only when it is one of ours', () => {
    const body = { message: 'This transaction has already been funded', code: 'ALREADY_FUNDED' };
    expect(errorCode(new ApiError(409, JSON.stringify(body), body))).toBe('ALREADY_FUNDED');
    expect(errorCode(new ApiError(409, 'x', { message: 'x', code: 'SOMETHING_ELSE' }))).toBeUndefined();
    expect(errorCode(new ApiError(500, '<html>', undefined))).toBeUndefined();
    expect(errorCode(new Error('409: conflict'))).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('falls back when there is no server message', () => {
    expect(errorMessage(new Error('500: {"code":"INTERNAL"}'), 'Failed')).toBe('Failed');
    expect(errorMessage(new Error('502: <html>Bad gateway</html>'), 'Failed')).toBe('Failed');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
    expect(errorMessage('nope', 'Failed')).toBe('Failed');
    expect(errorMessage(new Error('400: {"message":"Bad amount"}'), 'Failed')).toBe('Bad amount');
    expect(errorMessage(new Error('429: Too many requests'), 'Failed')).toBe('Too many requests');
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('joins the key into the URL and parses JSON', async () => {
    const calls = stubFetch(200, '{"ok":true}');
    const data = await getQueryFn()(context(['/api/transactions', 'abc']));
    expect(calls[0].url).toBe('/api/transactions/abc');
    expect(calls[0].init.credentials).toBe('include');
    expect(data).toEqual({ ok: true });
  });

  it('returns null on 401 when asked, throws otherwise', async () => {
    stubFetch(401, '{"message":"You must be signed in to do that"}');
    expect(await getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).toBeNull();
    await expect(getQueryFn()(context(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"You must be signed in to do that"}',
    );
  });
});
