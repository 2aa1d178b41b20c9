import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSupportMessage } from '@holdfast/contracts';
import { apiJson } from '../api';

/** Every support query starts with this, so one invalidation reaches lists and threads alike. */
export const SUPPORT_QUERY_ROOT = '/api/support';
export const supportMessagesQueryKey = (chatId: string) => [SUPPORT_QUERY_ROOT, 'chats', chatId, 'messages'] as const;

/**
 * GET /api/support/chats/:id/messages: a chat's thread, oldest first. Shared by the customer's Support
 * Center and the staff console, which read the same thread from either side.
 */
export const getSupportMessages = (chatId: string) =>
  apiJson<TSupportMessage[]>('GET', `/api/support/chats/${encodeURIComponent(chatId)}/messages`);

export const supportMessagesQueryOptions = (chatId: string) =>
  queryOptions({ queryKey: supportMessagesQueryKey(chatId), queryFn: () => getSupportMessages(chatId) });

export function useSupportMessages(chatId: string | null) {
  return useQuery({ ...supportMessagesQueryOptions(chatId ?? ''), enabled: Boolean(chatId) });
}
