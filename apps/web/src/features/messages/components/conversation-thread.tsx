import * as React from 'react';
import { Link } from 'wouter';
import { Archive, ArrowLeft, Check, CheckCheck, ExternalLink, MessageSquare, MoreVertical } from 'lucide-react';
import { DIRECT_MESSAGE_MESSAGES, type TConversation, type TDirectMessage } from '@holdfast/contracts';
import { UserAvatar } from '@/components/layout/user-avatar';
import { LoadMore, useLoadEarlier } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { displayName } from '@/lib/format';
import { messageTimeLabel } from '@/lib/time-label';
import { cn } from '@/lib/utils';
import type { MorePages } from './conversation-list';
import { MessageComposer } from './message-composer';

interface ConversationThreadProps {
  conversation: TConversation;
  messages: TDirectMessage[] | undefined;
  messagesLoading: boolean;
  messagesError: boolean;
  /** Older messages, a page at a time ('Load earlier messages' at the top). */
  earlier: MorePages;
  meId: string;
  onBack: () => void;
  onArchive: () => void;
  archiving: boolean;
  onSend: (content: string) => Promise<unknown>;
  sending: boolean;
}

/** One tick when sent, two when the other person has read it. */
function ReadTicks({ read }: { read: boolean }) {
  return read ? (
    <span className="inline-flex items-center text-sky-200" title="Read">
      <CheckCheck aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Read</span>
    </span>
  ) : (
    <span className="inline-flex items-center" title="Sent">
      <Check aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Sent</span>
    </span>
  );
}

function MessageBubble({ message, mine, otherName }: { message: TDirectMessage; mine: boolean; otherName: string }) {
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-xs sm:max-w-[75%]',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{mine ? 'You:' : `${otherName}:`} </span>
        {/* Plain text: React escapes it, line breaks are kept and long words wrap. */}
        <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{message.content}</p>
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-[11px]',
            mine ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.createdAt}>{messageTimeLabel(message.createdAt)}</time>
          {mine && <ReadTicks read={message.isRead} />}
        </p>
      </div>
    </li>
  );
}

/**
 * A screen-reader announcement of each message the other person sends while the conversation is open
 * (not of the history shown on opening it).
 */
function useNewMessageAnnouncement(
  conversationId: string,
  messages: TDirectMessage[] | undefined,
  meId: string,
  otherName: string,
) {
  const [announcement, setAnnouncement] = React.useState('');
  const seen = React.useRef<{ conversationId: string; lastId: string | null } | null>(null);
  React.useEffect(() => {
    if (!messages) return;
    const last = messages.at(-1) ?? null;
    const before = seen.current;
    seen.current = { conversationId, lastId: last?.id ?? null };
    if (!before || before.conversationId !== conversationId) {
      setAnnouncement('');
      return;
    }
    if (last && last.id !== before.lastId && last.senderId !== meId)
      setAnnouncement(`New message from ${otherName}: ${last.content}`);
  }, [conversationId, messages, meId, otherName]);
  return announcement;
}

/** The right pane: who, about what, the messages with read ticks, and the input. */
export function ConversationThread({
  conversation,
  messages,
  messagesLoading,
  messagesError,
  earlier,
  meId,
  onBack,
  onArchive,
  archiving,
  onSend,
  sending,
}: ConversationThreadProps) {
  const other = conversation.otherParticipant;
  const name = displayName(other);
  const scroller = React.useRef<HTMLDivElement>(null);
  const announcement = useNewMessageAnnouncement(conversation.id, messages, meId, name);
  const lastId = messages?.at(-1)?.id;
  const loadEarlier = useLoadEarlier(scroller, messages?.[0]?.id, earlier.fetchNextPage);

  // Newest at the bottom, in view on opening and whenever one arrives.
  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [conversation.id, lastId]);

  return (
    <section aria-labelledby="thread-heading" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b px-2 py-3 sm:px-4">
        <Button variant="ghost" size="icon" className="shrink-0 md:hidden" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          <span className="sr-only">Back to conversations</span>
        </Button>
        <UserAvatar user={other} className="size-10" />
        <div className="min-w-0 flex-1">
          <h2 id="thread-heading" className="truncate text-base font-semibold text-brand-ink">
            {name}
          </h2>
          <p className="truncate text-xs text-muted-foreground">{conversation.transaction.description}</p>
        </div>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="shrink-0" disabled={archiving}>
              <MoreVertical aria-hidden="true" />
              <span className="sr-only">Conversation menu</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuItem asChild>
              <Link href={`/transactions/${encodeURIComponent(conversation.id)}`}>
                <ExternalLink aria-hidden="true" />
                View Transaction
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onArchive}>
              <Archive aria-hidden="true" />
              Archive Conversation
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </header>

      <div
        ref={scroller}
        role="region"
        aria-label={`Messages with ${name}`}
        tabIndex={0}
        // relative: the bubbles' screen-reader texts (absolutely positioned) stay inside the scroller
        // instead of stretching the page below a long thread.
        className="relative min-h-0 flex-1 overflow-y-auto px-3 py-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30 focus-visible:ring-inset sm:px-5"
      >
        {messagesLoading ? (
          <div className="flex h-full items-center justify-center">
            <Spinner />
          </div>
        ) : messagesError ? (
          <p role="alert" className="py-12 text-center text-sm text-destructive">
            These messages could not be loaded. Please reload the page.
          </p>
        ) : !messages?.length ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 py-12 text-center">
            <MessageSquare aria-hidden="true" className="size-10 text-muted-foreground/60" />
            <p className="text-sm text-muted-foreground">No messages yet. Start the conversation!</p>
          </div>
        ) : (
          <>
            <LoadMore
              hasNextPage={earlier.hasNextPage}
              isFetchingNextPage={earlier.isFetchingNextPage}
              fetchNextPage={loadEarlier}
              label="Load earlier messages"
              className="mt-0 mb-4"
            />
            <ol className="space-y-2">
              {messages.map((m) => (
                <MessageBubble key={m.id} message={m} mine={m.senderId === meId} otherName={name} />
              ))}
            </ol>
          </>
        )}
      </div>
      <div role="status" className="sr-only">
        {announcement}
      </div>

      {other.id ? (
        <MessageComposer onSend={onSend} sending={sending} />
      ) : (
        <p className="border-t p-4 text-sm text-muted-foreground">{DIRECT_MESSAGE_MESSAGES.sellerNotJoined}</p>
      )}
    </section>
  );
}
