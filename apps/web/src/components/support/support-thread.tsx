import * as React from 'react';
import { Headphones, Send } from 'lucide-react';
import { SUPPORT_MESSAGE_MAX_LENGTH, type TSupportMessage } from '@holdfast/contracts';
import { LoadMore, useLoadEarlier } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const noop = () => undefined;

/** Today: 14:05; another day: 22 Nov 2025, 14:05. */
function messageTime(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toDateString() === now.toDateString()
    ? date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : formatDateTime(date);
}

interface SupportMessageListProps {
  messages: TSupportMessage[];
  /** Older messages, a page at a time ('Load earlier messages' at the top). */
  earlier?: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** The viewer's side of the conversation sits on the right. */
  isOwn: (message: TSupportMessage) => boolean;
  /** The name above a message that is not the viewer's own. */
  senderName: (message: TSupportMessage) => string;
  loading?: boolean;
  empty: React.ReactNode;
  className?: string;
}

/**
 * A support chat's messages (the Support Center and the staff console share it). Text is rendered as
 * text (React escapes it), line breaks kept and long words wrapped; the newest message is scrolled into
 * view whenever one arrives.
 */
export function SupportMessageList({
  messages,
  earlier,
  isOwn,
  senderName,
  loading,
  empty,
  className,
}: SupportMessageListProps) {
  const scroller = React.useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const loadEarlier = useLoadEarlier(scroller, messages[0]?.id, earlier?.fetchNextPage ?? noop);
  React.useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      // Scrollable, so reachable by keyboard.
      tabIndex={0}
      className={cn(
        'overflow-y-auto rounded-lg bg-muted/40 p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring/40 sm:p-4',
        className,
      )}
    >
      {loading ? (
        <div className="flex h-full items-center justify-center">
          <Spinner />
        </div>
      ) : messages.length === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-1 px-4 text-center">{empty}</div>
      ) : (
        <>
          {earlier && (
            <LoadMore
              hasNextPage={earlier.hasNextPage}
              isFetchingNextPage={earlier.isFetchingNextPage}
              fetchNextPage={loadEarlier}
              label="Load earlier messages"
              className="mt-0 mb-4"
            />
          )}
          <ol className="space-y-4">
            {messages.map((m) => {
              const own = isOwn(m);
              return (
                <li key={m.id} className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}>
                  <div className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{own ? 'You' : senderName(m)}</span>
                    {m.isFromSupport && (
                      <span className="inline-flex items-center gap-1 text-primary">
                        <Headphones className="size-3" aria-hidden="true" />
                        Support Team
                      </span>
                    )}
                    <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
                  </div>
                  <p
                    className={cn(
                      'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
                      own
                        ? 'rounded-br-sm bg-primary text-primary-foreground'
                        : 'rounded-bl-sm border bg-card text-card-foreground',
                    )}
                  >
                    {m.message}
                  </p>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}

interface SupportSendBoxProps {
  onSend: (message: string) => Promise<unknown>;
  sending: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Shown instead of the box's hint when it is disabled (e.g. the chat is closed). */
  disabledReason?: React.ReactNode;
}

/** The send box: trimmed, an empty message is not sent; the text stays if sending fails. */
export function SupportSendBox({
  onSend,
  sending,
  disabled = false,
  placeholder = 'Type your message...',
  disabledReason,
}: SupportSendBoxProps) {
  const [text, setText] = React.useState('');
  const message = text.trim();
  const counterId = React.useId();
  const nearLimit = text.length > SUPPORT_MESSAGE_MAX_LENGTH - 200;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!message || sending || disabled) return;
    try {
      await onSend(message);
      setText('');
    } catch {
      // The caller showed why; the text stays to try again.
    }
  };
  return (
    <form onSubmit={submit} className="space-y-1.5">
      <div className="flex gap-2">
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          aria-label="Message"
          aria-describedby={nearLimit ? counterId : undefined}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          disabled={disabled}
          autoComplete="off"
        />
        <Button type="submit" disabled={!message || sending || disabled}>
          {sending ? <Spinner /> : <Send aria-hidden="true" />}
          Send
        </Button>
      </div>
      {disabled && disabledReason ? (
        <p className="text-sm text-muted-foreground">{disabledReason}</p>
      ) : (
        nearLimit && (
          <p id={counterId} className="text-right text-xs text-muted-foreground">
            {text.length}/{SUPPORT_MESSAGE_MAX_LENGTH}
          </p>
        )
      )}
    </form>
  );
}
