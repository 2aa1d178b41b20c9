import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEmailCategory, TNotificationPreferences } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { NOTIFICATION_PREFERENCES_QUERY_KEY } from './get-notification-preferences';

export interface EmailCategoryChange {
  category: TEmailCategory;
  enabled: boolean;
}

const MUTATION_KEY = ['update-notification-preferences'] as const;

/** PUT /api/notifications/preferences with the one category that changed; answers every category. */
export const updateNotificationPreferences = ({ category, enabled }: EmailCategoryChange) =>
  apiJson<TNotificationPreferences>('PUT', '/api/notifications/preferences', { email: { [category]: enabled } });

const withCategory = (prefs: TNotificationPreferences, category: TEmailCategory, enabled: boolean) => ({
  ...prefs,
  email: { ...prefs.email, [category]: enabled },
});

/**
 * The switch moves at once; a refusal puts back only that category (another switch changed meanwhile
 * keeps its own state). The server's answer is taken only when no other change is still on its way, so
 * an older answer never undoes a newer switch.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: updateNotificationPreferences,
    onMutate: async ({ category, enabled }) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY });
      const previous = queryClient.getQueryData<TNotificationPreferences>(NOTIFICATION_PREFERENCES_QUERY_KEY);
      if (previous)
        queryClient.setQueryData(NOTIFICATION_PREFERENCES_QUERY_KEY, withCategory(previous, category, enabled));
      return { before: previous?.email[category] };
    },
    onError: (_err, { category }, context) => {
      const before = context?.before;
      if (before === undefined) return;
      queryClient.setQueryData<TNotificationPreferences>(
        NOTIFICATION_PREFERENCES_QUERY_KEY,
        (old) => old && withCategory(old, category, before),
      );
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) <= 1)
        queryClient.setQueryData(NOTIFICATION_PREFERENCES_QUERY_KEY, saved);
    },
  });
}
