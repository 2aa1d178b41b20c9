import { describe, expect, it } from 'vitest';
import { addToFirstPage, flattenHistory, flattenPages, mapPages, nextCursorOf, pageUrl } from './paging';

describe('pageUrl', () => {
  it('is the plain URL for page one without parameters', () => {
    expect(pageUrl('/api/transactions')).toBe('/api/transactions');
    expect(pageUrl('/api/transactions', { status: undefined, limit: null }, null)).toBe('/api/transactions');
  });

  it('adds the parameters that have a value, then the cursor, encoded', () => {
    expect(pageUrl('/api/transactions', { status: 'completed', limit: 5, q: '' }, 'ab_-c=')).toBe(
      '/api/transactions?status=completed&limit=5&cursor=ab_-c%3D',
    );
  });
});

describe('nextCursorOf', () => {
  it('continues with the cursor and ends on the last page', () => {
    expect(nextCursorOf({ items: [], nextCursor: 'abc' })).toBe('abc');
    expect(nextCursorOf({ items: [], nextCursor: null })).toBeUndefined();
  });
});

describe('flattenPages', () => {
  it('joins the pages in order', () => {
    const pages = [
      { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'x' },
      { items: [{ id: 'c' }], nextCursor: null },
    ];
    expect(flattenPages(pages).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows a row that moved onto the next page once, where it was first seen', () => {
    const pages = [
      { items: [{ id: 1 }, { id: 2 }], nextCursor: 'x' },
      { items: [{ id: 2 }, { id: 3 }], nextCursor: null },
    ];
    expect(flattenPages(pages).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('is empty before anything loaded', () => {
    expect(flattenPages(undefined)).toEqual([]);
    expect(flattenPages([{ items: [], nextCursor: null }])).toEqual([]);
  });
});

describe('flattenHistory', () => {
  it('puts older pages first, keeps each page oldest first, and shows a row shifted across pages once', () => {
    const pages = [
      { items: [{ id: 'c' }, { id: 'd' }, { id: 'e' }], nextCursor: 'x' },
      { items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], nextCursor: null },
    ];
    expect(flattenHistory(pages).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(flattenHistory(undefined)).toEqual([]);
  });
});

describe('addToFirstPage', () => {
  const data = {
    pages: [
      { items: [{ id: 'b' }, { id: 'c' }], nextCursor: 'x' },
      { items: [{ id: 'a' }], nextCursor: null },
    ],
    pageParams: [null, 'x'],
  };

  it("adds a thread's new message at the end of page one, a list's new row at its start", () => {
    expect(addToFirstPage(data, { id: 'd' }, 'end')?.pages[0]?.items.map((r) => r.id)).toEqual(['b', 'c', 'd']);
    expect(addToFirstPage(data, { id: 'z' }, 'start')?.pages[0]?.items.map((r) => r.id)).toEqual(['z', 'b', 'c']);
    expect(data.pages[0]?.items).toHaveLength(2);
  });

  it('leaves the cache alone when a page already holds the row or nothing is cached', () => {
    expect(addToFirstPage(data, { id: 'a' }, 'end')).toBe(data);
    expect(addToFirstPage(undefined, { id: 'a' }, 'end')).toBeUndefined();
    expect(addToFirstPage({ pages: [], pageParams: [] }, { id: 'a' }, 'end')?.pages).toEqual([]);
  });
});

describe('mapPages', () => {
  it('changes rows on every page and keeps the page structure', () => {
    const data = {
      pages: [
        { items: [{ id: 'a', read: false }], nextCursor: 'x' },
        { items: [{ id: 'b', read: false }], nextCursor: null },
      ],
      pageParams: [null, 'x'],
    };
    const changed = mapPages(data, (r) => ({ ...r, read: true }));
    expect(changed?.pages.flatMap((p) => p.items)).toEqual([
      { id: 'a', read: true },
      { id: 'b', read: true },
    ]);
    expect(changed?.pages[0]?.nextCursor).toBe('x');
    expect(changed?.pageParams).toEqual([null, 'x']);
    expect(mapPages(undefined, (r) => r)).toBeUndefined();
  });
});
