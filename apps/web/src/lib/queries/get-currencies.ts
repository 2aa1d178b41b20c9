import { queryOptions, useQuery } from '@tanstack/react-query';
import { currenciesResponse, type TCurrenciesResponse } from '@holdfast/contracts';
import { apiJson } from '../api';

export const CURRENCIES_QUERY_KEY = ['/api/currencies'] as const;

/** GET /api/currencies: supported currencies (code, symbol, name, limits) and the summary. */
export const getCurrencies = () => apiJson<TCurrenciesResponse>('GET', '/api/currencies');

export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: CURRENCIES_QUERY_KEY, queryFn: getCurrencies, staleTime: Infinity });

/** The list; the shared table stands in while it loads or if the call fails. */
export function useCurrencies() {
  const query = useQuery(currenciesQueryOptions());
  return { ...query, currencies: query.data ?? currenciesResponse() };
}
