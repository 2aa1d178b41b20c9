import * as React from 'react';
import { Popover } from 'radix-ui';
import { CheckCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { useNotifications } from '../api/get-notifications';
import type { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationPanel } from './notification-panel';

/** The bell's panel (Radix popover) with its trigger, loaded after the first paint: see notification-bell.tsx. */
export function NotificationPopover({
  open,
  onOpenChange,
  trigger,
  count,
  notifications,
  markRead,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
  count: number;
  notifications: ReturnType<typeof useNotifications>;
  markRead: ReturnType<typeof useMarkNotificationsRead>;
}) {
  const headingId = React.useId();
  const contentRef = React.useRef<HTMLDivElement>(null);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          ref={contentRef}
          tabIndex={-1}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 flex max-h-(--radix-popover-content-available-height) w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg outline-none data-[state=closed]:animate-out data-[state=open]:animate-in"
        >
          <div className="flex min-h-14 items-center justify-between gap-2 border-b px-4 py-3">
            <h2 id={headingId} className="text-sm font-semibold text-brand-ink">
              Notifications
            </h2>
            {count > 0 && (
              <Button
                variant="ghost"
                size="sm"
                className="-mr-2 text-primary hover:text-primary"
                onClick={() => {
                  markRead.mutate(undefined);
                  // The button goes once nothing is unread: keep the focus in the panel, not on the page.
                  contentRef.current?.focus();
                }}
              >
                <CheckCheck aria-hidden="true" />
                Mark all as read
              </Button>
            )}
          </div>
          <NotificationPanel
            query={notifications}
            onRead={(id) => markRead.mutate([id])}
            onNavigate={() => onOpenChange(false)}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
