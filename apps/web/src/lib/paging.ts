import { NEXT_CURSOR_HEADER } from '@holdfast/contracts/constants';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from './api';

/**
 * Cursor-paged lists (the server's X-Next-Cursor header): the fetcher, the URL of a page and the flat
 * list of every page loaded so far, shared by the pages that load more on scroll.
 */
export interface Page<T> {
  items: T[];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

type Params = Record<string, string | number | null | undefined>;

/** `base?k=v&cursor=…`, leaving out empty parameters, so page one of a plain list is the plain URL. */
export function pageUrl(base: string, params: Params = {}, cursor?: string | null): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

export async function fetchPage<T>(base: string, params: Params, cursor?: string | null): Promise<Page<T>> {
  const res = await apiRequest('GET', pageUrl(base, params, cursor));
  const items = (await res.json()) as T[];
  return { items, nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null };
}

/** For useInfiniteQuery's getNextPageParam: undefined ends the list. */
export const nextCursorOf = <T>(last: Page<T>) => last.nextCursor ?? undefined;

/**
 * Every loaded page's rows in order, each id once: a row created between two page loads can shift an
 * older one onto the next page boundary, and a list must never show it twice.
 */
export function flattenPages<T extends { id: string | number }>(pages: readonly Page<T>[] | undefined): T[];
/** The same for rows keyed otherwise (`keyOf`), e.g. live chat threads by their customer's id. */
export function flattenPages<T>(pages: readonly Page<T>[] | undefined, keyOf: (row: T) => string | number): T[];
export function flattenPages<T>(
  pages: readonly Page<T>[] | undefined,
  keyOf: (row: T) => string | number = (row) => (row as { id: string | number }).id,
): T[] {
  const seen = new Set<string | number>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page.items) {
      const key = keyOf(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * A thread paged back in time (page one holds the newest messages, every page oldest first): one
 * oldest-first list, each id once.
 */
export function flattenHistory<T extends { id: string | number }>(pages: readonly Page<T>[] | undefined): T[] {
  return flattenPages(pages ? [...pages].reverse() : undefined);
}

/**
 * The cached pages with `row` added to page one: at its end for a thread (its newest message), at its
 * start for a newest-first list. Unchanged when a page already holds it (the socket's refetch may have
 * brought it first) or nothing is cached yet (the refetch that follows brings it).
 */
export function addToFirstPage<T extends { id: string | number }>(
  data: InfiniteData<Page<T>> | undefined,
  row: T,
  at: 'start' | 'end',
): InfiniteData<Page<T>> | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first || data.pages.some((p) => p.items.some((r) => r.id === row.id))) return data;
  const items = at === 'end' ? [...first.items, row] : [row, ...first.items];
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/** The cached pages with every row passed through `change` (read ticks, a status). */
export function mapPages<T>(data: InfiniteData<Page<T>> | undefined, change: (row: T) => T) {
  return data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(change) })) };
}
