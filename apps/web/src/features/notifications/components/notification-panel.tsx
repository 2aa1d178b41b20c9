import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { BellOff } from 'lucide-react';
import type { TNotification, TNotificationList } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { inAppLink } from '../lib/bell';

interface ItemProps {
  notification: TNotification;
  now: Date;
  onRead: (id: string) => void;
  onNavigate: () => void;
}

function NotificationItem({ notification: n, now, onRead, onNavigate }: ItemProps) {
  const unread = !n.readAt;
  const href = inAppLink(n.link);
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className={cn('block text-sm break-words text-brand-ink', unread ? 'font-semibold' : 'font-medium')}>
          {unread && <span className="sr-only">Unread: </span>}
          {n.title}
        </span>
        <span className="block text-sm break-words text-muted-foreground">{n.body}</span>
        <time
          dateTime={n.createdAt}
          title={formatDateTime(n.createdAt)}
          className="block text-xs text-muted-foreground"
        >
          {formatRelative(n.createdAt, now)}
        </time>
      </span>
    </>
  );
  const className = cn(
    'flex w-full gap-3 px-4 py-3 text-left outline-none',
    unread && 'bg-primary/5',
    (href || unread) &&
      'transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset',
  );
  const read = () => {
    if (unread) onRead(n.id);
  };

  if (href)
    return (
      <Link
        href={href}
        className={className}
        onClick={() => {
          read();
          onNavigate();
        }}
      >
        {content}
      </Link>
    );
  if (unread)
    return (
      <button type="button" className={className} onClick={read}>
        {content}
      </button>
    );
  return <div className={className}>{content}</div>;
}

/** The panel's body: loading, failed, empty, or the newest notifications (unread ones marked). */
export function NotificationPanel({
  query,
  onRead,
  onNavigate,
}: {
  query: UseQueryResult<TNotificationList>;
  onRead: (id: string) => void;
  onNavigate: () => void;
}) {
  if (!query.data) {
    if (query.isError)
      return (
        <div role="alert" className="space-y-3 px-4 py-6 text-center">
          <p className="text-sm text-muted-foreground">
            {errorMessage(query.error, 'Your notifications could not be loaded.')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      );
    return (
      <div className="flex items-center justify-center gap-2 px-4 py-8 text-sm text-muted-foreground">
        <Spinner label="Loading notifications" />
        <span aria-hidden="true">Loading notifications...</span>
      </div>
    );
  }

  const { notifications } = query.data;
  if (notifications.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-muted">
          <BellOff className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium text-brand-ink">You&apos;re all caught up</p>
        <p className="text-sm text-muted-foreground">
          News about your transactions, disputes, messages and support chats will appear here.
        </p>
      </div>
    );

  const now = new Date();
  return (
    <ul aria-label="Latest notifications" className="min-h-0 flex-1 divide-y overflow-y-auto overscroll-contain">
      {notifications.map((n) => (
        <li key={n.id}>
          <NotificationItem notification={n} now={now} onRead={onRead} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}
