import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSupportCustomerContext } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const customerContextQueryKey = (userId: string) => ['/api/support/customers', userId, 'context'] as const;

/** GET /api/support/customers/:userId/context (staff): the customer beside a chat. */
export const getCustomerContext = (userId: string) =>
  apiJson<TSupportCustomerContext>('GET', `/api/support/customers/${encodeURIComponent(userId)}/context`);

export const customerContextQueryOptions = (userId: string) =>
  queryOptions({ queryKey: customerContextQueryKey(userId), queryFn: () => getCustomerContext(userId) });

/** Read afresh each time a chat opens: the customer's deals move on between two chats. */
export function useCustomerContext(userId: string | null) {
  return useQuery({
    ...customerContextQueryOptions(userId ?? ''),
    enabled: userId !== null,
    refetchOnMount: 'always',
  });
}
