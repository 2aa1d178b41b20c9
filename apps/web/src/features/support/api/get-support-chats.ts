import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSupportChat } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { SUPPORT_QUERY_ROOT } from '@/lib/queries/get-support-messages';

export const SUPPORT_CHATS_QUERY_KEY = [SUPPORT_QUERY_ROOT, 'chats'] as const;

/** GET /api/support/chats: the caller's own support chats, newest first. */
export const getSupportChats = () => apiJson<TSupportChat[]>('GET', '/api/support/chats');

export const supportChatsQueryOptions = () =>
  queryOptions({ queryKey: SUPPORT_CHATS_QUERY_KEY, queryFn: getSupportChats });

export function useSupportChats(enabled = true) {
  return useQuery({ ...supportChatsQueryOptions(), enabled });
}
