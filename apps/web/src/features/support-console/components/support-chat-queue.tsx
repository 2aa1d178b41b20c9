import { Inbox } from 'lucide-react';
import type { TSupportConsoleChat } from '@holdfast/contracts';
import { SupportPriorityBadge, SupportStatusBadge } from '@/components/support/support-badges';
import { Badge } from '@/components/ui/badge';
import { displayName, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A chat still being worked on whose last word (or only its subject) is the customer's. */
export const awaitsReply = (chat: TSupportConsoleChat) =>
  (chat.status === 'open' || chat.status === 'in_progress') && chat.lastMessageFromSupport !== true;

export const customerName = (chat: TSupportConsoleChat) => displayName(chat.customer);

/** The console's queue: most urgent, then oldest, first (the server's order). */
export function SupportChatQueue({
  chats,
  selectedId,
  onSelect,
  filtered,
}: {
  chats: TSupportConsoleChat[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  filtered: boolean;
}) {
  if (chats.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
        <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{filtered ? 'No chats match these filters' : 'No support chats yet'}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-2" aria-label="Support chats">
      {chats.map((chat) => {
        const selected = chat.id === selectedId;
        return (
          <li key={chat.id}>
            <button
              type="button"
              onClick={() => onSelect(chat.id)}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'w-full space-y-2 rounded-lg border p-3 text-left transition-colors outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/40',
                selected && 'border-primary bg-primary/5 hover:bg-primary/10',
              )}
            >
              <span className="line-clamp-2 block font-medium break-words text-brand-ink">{chat.subject}</span>
              <span className="block truncate text-sm text-muted-foreground">{customerName(chat)}</span>
              <span className="flex flex-wrap items-center gap-1.5">
                <SupportPriorityBadge priority={chat.priority} />
                <SupportStatusBadge status={chat.status} />
                {awaitsReply(chat) && (
                  <Badge variant="outline" className="border-primary/40 text-primary">
                    Awaiting reply
                  </Badge>
                )}
              </span>
              <span className="block text-xs text-muted-foreground">
                Opened <time dateTime={chat.createdAt}>{formatRelative(chat.createdAt)}</time>
                {' · '}
                {chat.messageCount} {chat.messageCount === 1 ? 'message' : 'messages'}
                {chat.lastMessageAt && (
                  <>
                    {', last '}
                    <time dateTime={chat.lastMessageAt}>{formatRelative(chat.lastMessageAt)}</time>
                  </>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
