/** The badge never grows past two characters: more than nine unread reads '9+'. */
export const BADGE_MAX = 9;

/** The count on the bell: nothing at zero, '9+' over nine. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

/**
 * The bell button's accessible name. It contains the badge's visible text ('9+' included), so people who
 * speak what they see (WCAG 2.5.3, label in name) and screen readers hear the same thing.
 */
export function bellLabel(count: number): string {
  const badge = unreadBadgeText(count);
  return badge ? `Notifications, ${badge} unread` : 'Notifications';
}

/** Only links inside the app are followed from the bell; anything else stays a plain item. */
export function inAppLink(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//')) return null;
  return link;
}

interface ReadableList {
  notifications: { id: string; readAt: string | null }[];
  unreadCount: number;
}

/**
 * The list as it is once `ids` (or, without ids, every notification) are read at `now`: what the bell
 * shows while the server is asked. The count covers notifications beyond the page too, so it only drops
 * by the ones that turned read here, or to zero for all.
 */
export function withRead<L extends ReadableList>(list: L, ids: string[] | undefined, now: string): L {
  const hit = (id: string) => !ids || ids.includes(id);
  const newlyRead = list.notifications.filter((n) => !n.readAt && hit(n.id)).length;
  return {
    ...list,
    notifications: list.notifications.map((n) => (!n.readAt && hit(n.id) ? { ...n, readAt: now } : n)),
    unreadCount: ids ? Math.max(0, list.unreadCount - newlyRead) : 0,
  };
}

/**
 * The unread notifications that lead to the page being looked at (`here`: path and query, e.g.
 * /messages?conversation=1): the person sees what they are about already, so the bell need not count them.
 */
export function unreadLeadingHere(
  notifications: { id: string; link: string | null; readAt: string | null }[],
  here: string,
) {
  return notifications.filter((n) => !n.readAt && n.link !== null && n.link === here).map((n) => n.id);
}
