import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDirectMessage } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { conversationMessagesQueryKey } from './keys';

/** GET /api/conversations/:id/messages: the latest 200, oldest first. */
export const getConversationMessages = (id: string) =>
  apiJson<TDirectMessage[]>('GET', `/api/conversations/${encodeURIComponent(id)}/messages`);

export const conversationMessagesQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationMessagesQueryKey(id), queryFn: () => getConversationMessages(id) });

export function useConversationMessages(id: string | null) {
  return useQuery({ ...conversationMessagesQueryOptions(id ?? ''), enabled: !!id });
}
