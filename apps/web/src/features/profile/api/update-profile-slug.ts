import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileSettings } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { PROFILE_SETTINGS_QUERY_KEY } from './get-profile-settings';
import { PUBLIC_PROFILE_QUERY_ROOT } from './get-public-profile';

/** POST /api/user/update-profile-slug: the public profile's address, /profile/{slug}. */
export const updateProfileSlug = (slug: string) =>
  apiJson<TProfileSettings>('POST', '/api/user/update-profile-slug', { slug });

export function useUpdateProfileSlug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileSlug,
    onSuccess: (settings) => {
      queryClient.setQueryData(PROFILE_SETTINGS_QUERY_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_QUERY_ROOT });
    },
  });
}
