import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TStatement } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export interface StatementParams {
  currency: string;
  from: string;
  to: string;
  page: number;
}

const search = (p: Omit<StatementParams, 'page'> & { page?: number }) =>
  new URLSearchParams(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** GET /api/wallet/statement: one page of the range, with its opening and closing balances. */
export const getStatement = (p: StatementParams) => apiJson<TStatement>('GET', `/api/wallet/statement?${search(p)}`);

/** The address of the whole range as a CSV or PDF download (the browser sends the session cookie). */
export const statementDownloadUrl = (p: Omit<StatementParams, 'page'>, ext: 'csv' | 'pdf') =>
  `/api/wallet/statement.${ext}?${search(p)}`;

export const statementQueryOptions = (p: StatementParams) =>
  queryOptions({
    queryKey: ['/api/wallet/statement', p] as const,
    queryFn: () => getStatement(p),
    placeholderData: keepPreviousData,
  });

export function useStatement(p: StatementParams, enabled: boolean) {
  return useQuery({ ...statementQueryOptions(p), enabled });
}
