import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConversation } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { CONVERSATIONS_QUERY_KEY } from './keys';

/** GET /api/conversations: one per transaction of the caller, newest activity first. */
export const getConversations = () => apiJson<TConversation[]>('GET', '/api/conversations');

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: CONVERSATIONS_QUERY_KEY, queryFn: getConversations });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}
