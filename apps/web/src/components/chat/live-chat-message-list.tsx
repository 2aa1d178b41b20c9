import * as React from 'react';
import { Headphones } from 'lucide-react';
import { LIVE_CHAT_MESSAGES, type TLiveChatMessage } from '@holdfast/contracts';
import { UserAvatar } from '@/components/layout/user-avatar';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Today: 14:05; another day: 22 Nov 2025, 14:05. */
export function messageTime(timestamp: string, now: Date = new Date()): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toDateString() === now.toDateString()
    ? date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : formatDateTime(date);
}

/** A sender name as the avatar wants it: first word and the rest, for the initials. */
const personOf = (m: TLiveChatMessage) => {
  const [firstName, ...rest] = m.senderName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') || null, profileImageUrl: m.senderProfileImage };
};

interface LiveChatMessageListProps {
  messages: TLiveChatMessage[];
  /** Whose side of the conversation the viewer is on: their own bubbles sit on the right. */
  isOwn: (message: TLiveChatMessage) => boolean;
  /** The name above a message; by default 'You' for the viewer's own, else the sender's name. */
  senderLabel?: (message: TLiveChatMessage, own: boolean) => string;
  empty: React.ReactNode;
  className?: string;
  label?: string;
}

const defaultLabel = (m: TLiveChatMessage, own: boolean) => (own ? 'You' : m.senderName);

/**
 * A live chat thread (the customer's Live Chat page and the staff console share it): avatar, sender name, time and the text of each message, the viewer's own on the
 * right. Text is rendered as text (React escapes it), line breaks kept, long words wrapped. The newest
 * message is scrolled into view whenever one arrives.
 */
export function LiveChatMessageList({
  messages,
  isOwn,
  senderLabel = defaultLabel,
  empty,
  className,
  label = 'Messages',
}: LiveChatMessageListProps) {
  const scroller = React.useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  React.useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      aria-live="polite"
      // Scrollable, so reachable by keyboard.
      tabIndex={0}
      className={cn(
        'flex flex-col overflow-y-auto rounded-lg bg-muted/40 p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring/40 sm:p-4',
        className,
      )}
    >
      {messages.length === 0 ? (
        <div className="flex flex-1 items-center justify-center px-4 text-center text-sm text-muted-foreground">
          {empty}
        </div>
      ) : (
        // mt-auto: a short conversation sits just above the input, as chats do.
        <ol className="mt-auto space-y-4">
          {messages.map((m) => {
            const own = isOwn(m);
            return (
              <li key={m.id} className={cn('flex items-end gap-2', own && 'flex-row-reverse')}>
                <UserAvatar user={personOf(m)} className="size-8 text-xs" />
                <div className={cn('flex min-w-0 max-w-[80%] flex-col gap-1', own ? 'items-end' : 'items-start')}>
                  <div
                    className={cn(
                      'flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground',
                      own && 'justify-end',
                    )}
                  >
                    <span className="font-medium text-foreground">{senderLabel(m, own)}</span>
                    {m.type === 'support' && !own && (
                      <span className="inline-flex items-center gap-1 text-primary">
                        <Headphones className="size-3" aria-hidden="true" />
                        {LIVE_CHAT_MESSAGES.supportTeam}
                      </span>
                    )}
                    <time dateTime={m.timestamp}>{messageTime(m.timestamp)}</time>
                  </div>
                  <p
                    className={cn(
                      'rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
                      own
                        ? 'rounded-br-sm bg-primary text-primary-foreground'
                        : 'rounded-bl-sm border bg-card text-card-foreground',
                    )}
                  >
                    {m.message}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
