import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLegalPage, TLegalPageName } from '@holdfast/contracts';
import { apiJson } from '../api';

/** GET /api/legal/{page}: the Terms or the Privacy Policy as Markdown, the operator's text or the template. */
export const getLegalPage = (page: TLegalPageName) => apiJson<TLegalPage>('GET', `/api/legal/${page}`);

export const legalPageQueryOptions = (page: TLegalPageName) =>
  queryOptions({ queryKey: ['/api/legal', page], queryFn: () => getLegalPage(page) });

/** Shared by the public pages (features/legal) and the acceptance page (features/auth). */
export const useLegalPage = (page: TLegalPageName) => useQuery(legalPageQueryOptions(page));
