/**
 * The bell's query key. The preferences live under their own root (the profile feature's
 * ['/api/notifications/preferences']), so invalidating this one refreshes the list and count only.
 */
export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;
