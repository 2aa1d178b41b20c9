import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicProfile } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** Every public profile query starts with this (invalidated when the owner changes their settings). */
export const PUBLIC_PROFILE_QUERY_ROOT = ['/api/public/profile'] as const;
export const publicProfileQueryKey = (slug: string) => [...PUBLIC_PROFILE_QUERY_ROOT, slug] as const;

/** GET /api/public/profile/:slug (public; 404 means not found). */
export const getPublicProfile = (slug: string) =>
  apiJson<TPublicProfile>('GET', `/api/public/profile/${encodeURIComponent(slug)}`);

export const publicProfileQueryOptions = (slug: string) =>
  queryOptions({ queryKey: publicProfileQueryKey(slug), queryFn: () => getPublicProfile(slug) });

export function usePublicProfile(slug: string) {
  return useQuery(publicProfileQueryOptions(slug));
}
