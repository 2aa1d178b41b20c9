import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSupportConsoleChat, TSupportConsoleQuery } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { SUPPORT_QUERY_ROOT } from '@/lib/queries/get-support-messages';

export const SUPPORT_CONSOLE_QUERY_ROOT = [SUPPORT_QUERY_ROOT, 'console'] as const;
export const supportConsoleChatsQueryKey = (filter: TSupportConsoleQuery) =>
  [...SUPPORT_CONSOLE_QUERY_ROOT, 'chats', { status: filter.status ?? '', priority: filter.priority ?? '' }] as const;

/** GET /api/support/console/chats: every support chat (staff), most urgent then oldest first. */
export const getSupportConsoleChats = (filter: TSupportConsoleQuery) => {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.priority) params.set('priority', filter.priority);
  const query = params.toString();
  return apiJson<TSupportConsoleChat[]>('GET', `/api/support/console/chats${query ? `?${query}` : ''}`);
};

export const supportConsoleChatsQueryOptions = (filter: TSupportConsoleQuery) =>
  queryOptions({
    queryKey: supportConsoleChatsQueryKey(filter),
    queryFn: () => getSupportConsoleChats(filter),
    // Changing a filter keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useSupportConsoleChats(filter: TSupportConsoleQuery) {
  return useQuery(supportConsoleChatsQueryOptions(filter));
}
