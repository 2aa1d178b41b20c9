import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationList } from '@holdfast/contracts';
import { NOTIFICATIONS_PAGE_SIZE } from '@holdfast/contracts/constants';
import { apiJson } from '@/lib/api';
import { NOTIFICATIONS_QUERY_KEY } from './keys';

/** GET /api/notifications: the newest first, and how many are unread in all. */
export const getNotifications = () =>
  apiJson<TNotificationList>('GET', `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}`);

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: getNotifications,
    // The app's queries never refetch by themselves (spec section 7). The bell does on focus as well as on
    // every socket event: events sent while the tab slept or the socket was down must still show up.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
