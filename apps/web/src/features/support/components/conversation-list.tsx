import { MessagesSquare } from 'lucide-react';
import type { TSupportChat } from '@holdfast/contracts';
import { SupportPriorityBadge, SupportStatusBadge } from '@/components/support/support-badges';
import { formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';

/** 'Your Conversations': subject, priority and status badges, and when each chat was opened. */
export function ConversationList({
  chats,
  selectedId,
  onSelect,
}: {
  chats: TSupportChat[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  if (chats.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
        <MessagesSquare className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No conversations yet</p>
        <p className="text-sm text-muted-foreground">Click &quot;New Chat&quot; to get started</p>
      </div>
    );
  }
  return (
    <ul className="space-y-2" aria-label="Your conversations">
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
              <span className="flex flex-wrap items-center gap-1.5">
                <SupportPriorityBadge priority={chat.priority} />
                <SupportStatusBadge status={chat.status} />
                <span className="text-xs text-muted-foreground">
                  <time dateTime={chat.createdAt}>{formatRelative(chat.createdAt)}</time>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
