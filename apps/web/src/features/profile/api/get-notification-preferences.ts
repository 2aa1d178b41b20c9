import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationPreferences } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** Its own root, apart from the bell's ['/api/notifications'], so a new notification leaves it alone. */
export const NOTIFICATION_PREFERENCES_QUERY_KEY = ['/api/notifications/preferences'] as const;

/** GET /api/notifications/preferences: which optional email categories are on. */
export const getNotificationPreferences = () =>
  apiJson<TNotificationPreferences>('GET', '/api/notifications/preferences');

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY, queryFn: getNotificationPreferences });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
