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

/**
 * `etag` for an answer that the clock alone changes at `validUntil` (e.g. an action that opens at a
 * moment): the moment rides in the tag, so a copy revalidated after it is never answered 304.
 */
export function etagValidUntil(etag: string, validUntil: Date | null | undefined): string {
  return validUntil ? etag.replace(/"$/, `.${validUntil.getTime()}"`) : etag;
}

/**
 * The tag of If-None-Match that still names `etag` at `now` (weak comparison; a tag made by
 * etagValidUntil only before its moment), or null: then the answer is built again. `*` names any.
 */
export function matchingEtag(header: string | undefined, etag: string, now: Date): string | null {
  if (!header) return null;
  if (header.trim() === '*') return etag;
  const opaque = (tag: string) => /^(?:W\/)?"([^"]*)"$/.exec(tag.trim())?.[1];
  const wanted = opaque(etag);
  for (const tag of header.split(',')) {
    const [hash, until] = opaque(tag)?.split('.') ?? [];
    if (hash !== undefined && hash === wanted && (until === undefined || now.getTime() < Number(until))) {
      return tag.trim();
    }
  }
  return null;
}
