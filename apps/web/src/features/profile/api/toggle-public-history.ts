import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProfileSettings } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { PROFILE_SETTINGS_QUERY_KEY } from './get-profile-settings';
import { PUBLIC_PROFILE_QUERY_ROOT } from './get-public-profile';

/** POST /api/user/toggle-public-history: shows or hides the history on the public profile. */
export const togglePublicHistory = (enabled: boolean) =>
  apiJson<TProfileSettings>('POST', '/api/user/toggle-public-history', { enabled });

export function useTogglePublicHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePublicHistory,
    onSuccess: (settings) => {
      queryClient.setQueryData(PROFILE_SETTINGS_QUERY_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_QUERY_ROOT });
    },
  });
}
