import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProfileSettings } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const PROFILE_SETTINGS_QUERY_KEY = ['/api/user/profile-settings'] as const;

/** GET /api/user/profile-settings: publicHistoryEnabled and publicProfileSlug. */
export const getProfileSettings = () => apiJson<TProfileSettings>('GET', '/api/user/profile-settings');

export const profileSettingsQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_SETTINGS_QUERY_KEY, queryFn: getProfileSettings });

export function useProfileSettings() {
  return useQuery(profileSettingsQueryOptions());
}
