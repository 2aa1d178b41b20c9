import { z } from 'zod';
import { PAGE_LIMITS, type TPagedList } from './constants.js';

/**
 * The web asks a message thread (a conversation's, a support chat's) for this many at a time: a thread
 * opens with its latest 50 and 'Load earlier messages' brings the rest, so opening one costs the same
 * whatever its length. The plain call still answers the lists' own default (200).
 */
export const THREAD_PAGE_SIZE = 50;

export const PAGING_MESSAGES = {
  invalidCursor: 'This list could not be continued. Reload the page to start again.',
  limit: (max: number) => `limit must be a whole number from 1 to ${max}`,
} as const;

/** `?limit=&cursor=` for a list; the cursor (its length too) is checked by the server: 400 INVALID_CURSOR. */
export function pageQuery(list: TPagedList) {
  const { default: dflt, max } = PAGE_LIMITS[list];
  return z.object({
    limit: z.coerce
      .number({ error: PAGING_MESSAGES.limit(max) })
      .int(PAGING_MESSAGES.limit(max))
      .min(1, PAGING_MESSAGES.limit(max))
      .max(max, PAGING_MESSAGES.limit(max))
      .default(dflt),
    cursor: z.string().optional(),
  });
}
export type TPageQuery = { limit: number; cursor?: string | undefined };
