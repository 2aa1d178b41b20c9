import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConversation } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { conversationQueryKey } from './keys';

/** GET /api/conversations/:id: one conversation, also an archived one (a deep link to it still opens). */
export const getConversation = (id: string) =>
  apiJson<TConversation>('GET', `/api/conversations/${encodeURIComponent(id)}`);

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationQueryKey(id), queryFn: () => getConversation(id) });

/** Fetched only when `enabled`: the list already holds every conversation it shows. */
export function useConversation(id: string | null, enabled: boolean) {
  return useQuery({ ...conversationQueryOptions(id ?? ''), enabled: enabled && !!id });
}
