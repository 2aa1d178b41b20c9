import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSupportConsoleChat } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { SUPPORT_CONSOLE_QUERY_ROOT } from './get-support-console-chats';

export const supportConsoleChatQueryKey = (id: string) => [...SUPPORT_CONSOLE_QUERY_ROOT, 'chat', id] as const;

/** GET /api/support/console/chats/:id: the open chat, whether or not the list's filters still show it. */
export const getSupportConsoleChat = (id: string) =>
  apiJson<TSupportConsoleChat>('GET', `/api/support/console/chats/${encodeURIComponent(id)}`);

export const supportConsoleChatQueryOptions = (id: string) =>
  queryOptions({ queryKey: supportConsoleChatQueryKey(id), queryFn: () => getSupportConsoleChat(id) });

export function useSupportConsoleChat(id: string | null) {
  return useQuery({ ...supportConsoleChatQueryOptions(id ?? ''), enabled: Boolean(id) });
}
