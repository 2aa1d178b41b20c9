import { Link } from 'wouter';
import { MessageSquare, Search } from 'lucide-react';
import type { TConversation } from '@holdfast/contracts';
import { UserAvatar } from '@/components/layout/user-avatar';
import { LoadMore } from '@/components/load-more';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { displayName } from '@/lib/format';
import { timeLabel } from '@/lib/time-label';
import { cn } from '@/lib/utils';
import { filterConversations } from '../lib/filter-conversations';

export const conversationHref = (id: string) => `/messages?conversation=${encodeURIComponent(id)}`;

/** The list's paging (useInfiniteQuery's own fields). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface ConversationListProps {
  /** The pages loaded so far; the search filters these. */
  conversations: TConversation[] | undefined;
  more: MorePages;
  isLoading: boolean;
  isError: boolean;
  selectedId: string | null;
  search: string;
  onSearchChange: (value: string) => void;
  className?: string;
}

function ConversationItem({ conversation: c, selected }: { conversation: TConversation; selected: boolean }) {
  const name = displayName(c.otherParticipant);
  const time = timeLabel(c.lastMessageAt);
  return (
    <li>
      <Link
        href={conversationHref(c.id)}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full min-w-0 items-start gap-3 border-b px-4 py-3 text-left transition-colors outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset',
          selected && 'bg-primary/10 hover:bg-primary/10',
        )}
      >
        <UserAvatar user={c.otherParticipant} className="size-10" />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <span
              className={cn(
                'min-w-0 flex-1 truncate text-sm text-brand-ink',
                c.unreadCount ? 'font-bold' : 'font-semibold',
              )}
            >
              {name}
            </span>
            {c.unreadCount > 0 && (
              <Badge className="h-5 min-w-5 px-1.5">
                {c.unreadCount}
                <span className="sr-only"> unread</span>
              </Badge>
            )}
            {time && (
              <time dateTime={c.lastMessageAt ?? undefined} className="shrink-0 text-xs text-muted-foreground">
                {time}
              </time>
            )}
          </div>
          <p className="truncate text-xs font-medium text-muted-foreground">{c.transaction.description}</p>
          <p className={cn('truncate text-sm', c.unreadCount ? 'text-foreground' : 'text-muted-foreground')}>
            {c.lastMessage ? c.lastMessage.content : <span className="italic">No messages yet</span>}
          </p>
        </div>
      </Link>
    </li>
  );
}

/** The left pane: search and one item per conversation (avatar, name, unread badge, time, deal, last message). */
export function ConversationList({
  conversations,
  more,
  isLoading,
  isError,
  selectedId,
  search,
  onSearchChange,
  className,
}: ConversationListProps) {
  const shown = filterConversations(conversations ?? [], search);
  return (
    <section aria-labelledby="conversations-heading" className={cn('min-h-0 flex-col', className)}>
      <div className="space-y-3 border-b p-4">
        <h2 id="conversations-heading" className="text-base font-semibold text-brand-ink">
          Conversations
        </h2>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search conversations"
            placeholder="Search conversations..."
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="relative min-h-0 flex-1 overflow-y-auto">
        {isLoading ? (
          <div className="space-y-1 p-4" aria-busy="true" aria-label="Loading conversations">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex items-center gap-3 py-2">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-3/4" />
                </div>
              </div>
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="p-6 text-center text-sm text-destructive">
            Your conversations could not be loaded. Please reload the page.
          </p>
        ) : !conversations?.length ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <MessageSquare aria-hidden="true" className="size-10 text-muted-foreground/60" />
            <p className="font-medium text-brand-ink">No conversations yet</p>
            <p className="text-sm text-muted-foreground">
              Each of your transactions has a conversation with the other party.
            </p>
          </div>
        ) : !shown.length ? (
          <p className="px-6 py-12 text-center text-sm font-medium text-muted-foreground">No conversations found</p>
        ) : (
          <ul aria-label="Conversations">
            {shown.map((c) => (
              <ConversationItem key={c.id} conversation={c} selected={c.id === selectedId} />
            ))}
          </ul>
        )}
        {!isLoading && !isError && (
          <LoadMore
            hasNextPage={more.hasNextPage}
            isFetchingNextPage={more.isFetchingNextPage}
            fetchNextPage={more.fetchNextPage}
            label="Load more conversations"
            className="my-4"
          />
        )}
      </div>
    </section>
  );
}
