import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailboxMessage } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const MAILBOX_QUERY_KEY = ['/api/dev/mailbox'] as const;

export const getMailbox = () => apiJson<{ messages: TMailboxMessage[] }>('GET', '/api/dev/mailbox');

export const mailboxQueryOptions = () => queryOptions({ queryKey: MAILBOX_QUERY_KEY, queryFn: getMailbox });

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
