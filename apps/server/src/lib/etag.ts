import { createHash } from 'node:crypto';

/**
 * HTTP revalidation (RFC 9110 section 8.8.3 and 13.1.2): an answer's ETag made from what it depends on,
 * and whether a request's If-None-Match already names it (then 304 Not Modified, with no body).
 */

/**
 * A weak ETag from `parts`: equal parts give the same tag. Weak, because the same answer goes out
 * compressed or not under one tag (a strong tag would have to differ per content encoding).
 */
export function weakEtag(parts: readonly unknown[]): string {
  return `W/"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison) or is `*`. */
export function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}
