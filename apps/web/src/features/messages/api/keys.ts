/**
 * Query keys of the Messages page. Every one starts with CONVERSATIONS_QUERY_KEY, so invalidating that
 * prefix (a socket event, a reconnection) refreshes the list, the open conversation and its thread.
 */
export const CONVERSATIONS_QUERY_KEY = ['/api/conversations'] as const;
export const conversationQueryKey = (id: string) => ['/api/conversations', id] as const;
export const conversationMessagesQueryKey = (id: string) => ['/api/conversations', id, 'messages'] as const;
