import { queryOptions, useQuery } from '@tanstack/react-query';
import { currenciesResponse, type TCurrenciesResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** GET /api/currencies: code, symbol and name for the deposit form. */
export const getCurrencies = () => apiJson<TCurrenciesResponse>('GET', '/api/currencies');

export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/currencies'], queryFn: getCurrencies, staleTime: Infinity });

/** The list; the shared table stands in while it loads or if the call fails. */
export function useCurrencies() {
  const query = useQuery(currenciesQueryOptions());
  return { ...query, currencies: query.data ?? currenciesResponse() };
}
