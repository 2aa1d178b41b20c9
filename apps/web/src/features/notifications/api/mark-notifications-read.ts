import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TNotificationList, ZMarkNotificationsReadResponse } from '@holdfast/contracts';
import { toastError } from '@/components/ui/use-toast';
import { apiJson, errorMessage } from '@/lib/api';
import { withRead } from '../lib/bell';
import { NOTIFICATIONS_QUERY_KEY } from './keys';

type MarkReadResponse = z.infer<typeof ZMarkNotificationsReadResponse>;

/** POST /api/notifications/read: the given ids, or every notification of the caller when `ids` is left out. */
export const markNotificationsRead = (ids?: string[]) =>
  apiJson<MarkReadResponse>('POST', '/api/notifications/read', ids ? { ids } : {});

/** Read at once on screen; put back, with an error toast, when the server refuses. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      const previous = queryClient.getQueryData<TNotificationList>(NOTIFICATIONS_QUERY_KEY);
      if (previous)
        queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, withRead(previous, ids, new Date().toISOString()));
      return { previous };
    },
    onError: (err, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, context.previous);
      toastError(errorMessage(err, 'Failed to update notifications'));
    },
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData<TNotificationList>(NOTIFICATIONS_QUERY_KEY, (old) => old && { ...old, unreadCount });
    },
  });
}
