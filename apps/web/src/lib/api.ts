import type { QueryFunction } from '@tanstack/react-query';
import { ERROR_CODES, type TErrorCode } from '@holdfast/contracts/constants';

/**
 * The one way the web app talks to the server (spec section 7): cookies always travel, a JSON
 * content type only with a body, an Idempotency-Key on every mutating call, and any non-ok
 * response becomes an Error reading `${status}: ${responseText || statusText}`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An error carrying the HTTP status and the server's parsed JSON body, when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, text: string, body: unknown) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Throws an ApiError when the response is not ok; the body is consumed only then. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text, parseJson(text));
}

export interface ApiRequestOptions {
  /** Reuse a key to make a retry of the same operation safe (the server replays the first answer). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export async function apiRequest(
  method: HttpMethod | string,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const verb = method.toUpperCase();
  const headers: Record<string, string> = {};
  const hasBody = body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (MUTATING.has(verb)) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
  const res = await fetch(url, {
    method: verb,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest plus JSON parsing; resolves to undefined for an empty body. */
export async function apiJson<T>(
  method: HttpMethod | string,
  url: string,
  body?: unknown,
  options?: ApiRequestOptions,
) {
  const res = await apiRequest(method, url, body, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Default GET query function: the query key joined with '/' is the URL. */
export function getQueryFn<T>(options: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T> {
  const on401 = options.on401 ?? 'throw';
  return async ({ queryKey, signal }) => {
    const url = queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
    const res = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** The HTTP status of an error thrown by this client, if it has one. */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof ApiError) return err.status;
  if (err instanceof Error) {
    const match = /^(\d{3}): /.exec(err.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * The message to show a person for a failed call: the server's JSON `message`, else the plain
 * response text, else the fallback. Never shows raw JSON or an HTML error page.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body && typeof err.body === 'object') {
    const message = (err.body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  if (!(err instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!match) return fallback;
  const text = match[1].trim();
  const parsed = parseJson(text);
  if (parsed && typeof parsed === 'object') {
    const message = (parsed as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() ? message : fallback;
  }
  if (!text || text.startsWith('<') || text.length > 300) return fallback;
  return text;
}

/**
 * The server's stable error code (contracts ERROR_CODES), when the failure came with one. Branch on this,
 * never on a status or a message text: messages are for people and may change.
 */
export function errorCode(err: unknown): TErrorCode | undefined {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return undefined;
  const code = (err.body as { code?: unknown }).code;
  return (ERROR_CODES as readonly unknown[]).includes(code) ? (code as TErrorCode) : undefined;
}

/** Field messages of a validation error ({ fields: { name: message } }), if any. */
export function errorFields(err: unknown): Record<string, string> {
  if (err instanceof ApiError && err.body && typeof err.body === 'object') {
    const fields = (err.body as { fields?: unknown }).fields;
    if (fields && typeof fields === 'object') return fields as Record<string, string>;
  }
  return {};
}
