/** Bus channels: one per person (their sockets on /ws), one per support chat (/ws/support), one for staff. */
export const userChannel = (userId: string) => `user:${userId}`;
export const supportChatChannel = (chatId: string) => `support-chat:${chatId}`;
/** Moderators and admins: the staff console hears of new support chats, their messages and live chats. */
export const STAFF_CHANNEL = 'staff';
