import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { deferred, useDeferredControl } from '@/lib/deferred';
import { useSocket, type SocketEvent } from '@/lib/realtime';
import { useNotifications } from '../api/get-notifications';
import { NOTIFICATIONS_QUERY_KEY } from '../api/keys';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { bellLabel, unreadBadgeText, unreadLeadingHere } from '../lib/bell';

const popover = deferred(() => import('./notification-popover'));

/** Whether the tab is on screen (not a background tab or a minimised window). */
function usePageVisible() {
  const [visible, setVisible] = React.useState(() => document.visibilityState === 'visible');
  React.useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * The bell in the signed-in header: the unread count, and a panel with the newest notifications. Live over
 * /ws: a `notification` event (the id only) refetches the list; so does every reconnection after the first
 * (events sent while the socket was down are not replayed) and coming back to the window.
 */
export function NotificationBell() {
  // The panel (Radix popover) loads after the first paint; until then a plain button of the same look.
  const { loaded, open, setOpen, load, wrapper, placeholderProps } = useDeferredControl(popover);
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();

  const refresh = React.useCallback(
    () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
    [queryClient],
  );
  const connectedBefore = React.useRef(false);
  useSocket('/ws', {
    onEvent: (event: SocketEvent) => {
      if (event.type === 'notification') refresh();
    },
    onOpen: () => {
      if (connectedBefore.current) refresh();
      connectedBefore.current = true;
    },
  });

  const count = notifications.data?.unreadCount ?? 0;
  const badge = unreadBadgeText(count);

  // Screen readers hear of a new arrival once, not on every page load.
  const [announcement, setAnnouncement] = React.useState('');
  const previousCount = React.useRef<number | undefined>(undefined);
  React.useEffect(() => {
    if (!notifications.data) return;
    const before = previousCount.current;
    previousCount.current = count;
    if (before !== undefined && count > before) {
      const newest = notifications.data.notifications.find((n) => !n.readAt);
      setAnnouncement(newest ? `New notification: ${newest.title}` : `${count} unread notifications`);
    }
  }, [count, notifications.data]);

  // What leads to the page on screen is seen already (a message in the open conversation): read it, so
  // the count only ever means something new elsewhere. Not while the tab is hidden: nobody sees it then.
  const [path] = useLocation();
  const search = useSearch();
  const here = search ? `${path}?${search}` : path;
  const visible = usePageVisible();
  const { mutate: markReadNow, isPending: marking } = markRead;
  React.useEffect(() => {
    if (!notifications.data || marking || !visible) return;
    const seen = unreadLeadingHere(notifications.data.notifications, here);
    if (seen.length) markReadNow(seen);
  }, [notifications.data, here, marking, visible, markReadNow]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      load();
      refresh();
    }
  };
  const trigger = (props: object) => (
    <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={bellLabel(count)} {...props}>
      <Bell className="size-5" aria-hidden="true" />
      {badge && (
        <span
          data-testid="notification-badge"
          className="absolute top-0 right-0 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-card"
        >
          {badge}
        </span>
      )}
    </Button>
  );

  return (
    <>
      <span ref={wrapper} className="contents">
        {loaded ? (
          <loaded.NotificationPopover
            open={open}
            onOpenChange={onOpenChange}
            trigger={trigger({})}
            count={count}
            notifications={notifications}
            markRead={markRead}
          />
        ) : (
          trigger({ ...placeholderProps, 'aria-haspopup': 'dialog', onClick: () => onOpenChange(true) })
        )}
      </span>
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
