import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MessageCircle, Send, Wifi, WifiOff } from 'lucide-react';
import {
  LIVE_CHAT_EVENTS,
  LIVE_CHAT_MESSAGE_MAX_LENGTH,
  LIVE_CHAT_MESSAGES as M,
  type TLiveChatThread,
} from '@holdfast/contracts';
import { LiveChatMessageList } from '@/components/chat/live-chat-message-list';
import { UserAvatar } from '@/components/layout/user-avatar';
import { LoadMore } from '@/components/load-more';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { flattenPages } from '@/lib/paging';
import { useSocket } from '@/lib/realtime';
import { timeLabel } from '@/lib/time-label';
import { cn } from '@/lib/utils';
import { useReplyToLiveChat } from '../api/live-chat-reply';
import { useLiveChatThread } from '../api/live-chat-thread';
import { LIVE_CHAT_THREADS_QUERY_KEY, useLiveChatThreads } from '../api/live-chat-threads';
import { CustomerContext } from './customer-context';

const personOf = (t: TLiveChatThread) => {
  const [firstName, ...rest] = t.customerName.split(/\s+/);
  return { firstName, lastName: rest.join(' ') || null, profileImageUrl: t.customerProfileImage };
};

/**
 * The staff console's Live Chat tab: every customer's thread (those awaiting a reply first, marked),
 * the open thread and a reply box. Live through /ws: staff sockets hear `live_chat_message` with the
 * thread's id and refetch. On a phone the list and the thread take turns, with a back button.
 */
export function LiveChatInbox() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = React.useState<string | null>(null);
  const threads = useLiveChatThreads();
  const socket = useSocket('/ws', {
    // After every (re)connection: whatever arrived while away.
    onOpen: () => void queryClient.invalidateQueries({ queryKey: LIVE_CHAT_THREADS_QUERY_KEY }),
    onEvent: (event) => {
      if (event.type === LIVE_CHAT_EVENTS.staff) {
        void queryClient.invalidateQueries({ queryKey: LIVE_CHAT_THREADS_QUERY_KEY });
      }
    },
  });
  const loaded = flattenPages(threads.data?.pages, (t) => t.userId);
  // Threads awaiting a reply come first: when every loaded one awaits and more are to come, there are more.
  const awaiting = loaded.filter((t) => t.awaitingReply).length;
  const awaitingLabel = threads.hasNextPage && loaded.at(-1)?.awaitingReply ? `${awaiting}+` : `${awaiting}`;

  return (
    <section aria-labelledby="live-chat-inbox-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 id="live-chat-inbox-title" className="text-lg font-semibold text-brand-ink">
            Live Chat
          </h2>
          {awaiting > 0 && <Badge variant="warning">{awaitingLabel} awaiting reply</Badge>}
        </div>
        {socket.connected ? (
          <Badge variant="success">
            <Wifi aria-hidden="true" />
            Connected
          </Badge>
        ) : (
          <Badge variant="danger">
            <WifiOff aria-hidden="true" />
            Disconnected
          </Badge>
        )}
      </div>
      <Card className="grid min-h-[32rem] overflow-hidden md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className={cn('min-w-0 border-b md:border-r md:border-b-0', selected && 'hidden md:block')}>
          <ThreadList threads={threads} loaded={loaded} selected={selected} onSelect={setSelected} />
        </div>
        <div className={cn('min-w-0 flex-col', selected ? 'flex' : 'hidden md:flex')}>
          {selected ? (
            <ThreadPane key={selected} userId={selected} onBack={() => setSelected(null)} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-muted-foreground">
              <MessageCircle className="size-8" aria-hidden="true" />
              <p className="font-medium text-foreground">Select a live chat</p>
              <p className="text-sm">Choose a customer on the left to read and answer their messages.</p>
            </div>
          )}
        </div>
      </Card>
    </section>
  );
}

function ThreadList({
  threads,
  loaded,
  selected,
  onSelect,
}: {
  threads: ReturnType<typeof useLiveChatThreads>;
  /** Every loaded page's threads, each once. */
  loaded: TLiveChatThread[];
  selected: string | null;
  onSelect: (userId: string) => void;
}) {
  if (threads.isPending) {
    return (
      <div className="space-y-3 p-4" aria-label="Loading live chats">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (threads.isError) {
    return (
      <Alert variant="destructive" className="m-4 w-auto">
        <AlertDescription>{errorMessage(threads.error, 'Could not load the live chats.')}</AlertDescription>
      </Alert>
    );
  }
  if (loaded.length === 0) {
    return (
      <div className="p-8 text-center">
        <p className="font-medium">No live chats yet</p>
        <p className="text-sm text-muted-foreground">Messages customers send from Live Chat appear here.</p>
      </div>
    );
  }
  return (
    <div className="max-h-[32rem] overflow-y-auto">
      <ul className="divide-y" aria-label="Live chats">
        {loaded.map((t) => (
          <li key={t.userId}>
            <button
              type="button"
              onClick={() => onSelect(t.userId)}
              aria-current={selected === t.userId ? 'true' : undefined}
              className={cn(
                'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                selected === t.userId && 'bg-accent',
              )}
            >
              <UserAvatar user={personOf(t)} className="size-9" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{t.customerName}</span>
                  <time dateTime={t.lastMessageAt} className="shrink-0 text-xs text-muted-foreground">
                    {timeLabel(t.lastMessageAt)}
                  </time>
                </span>
                <span className="block truncate text-sm text-muted-foreground">{t.lastMessage}</span>
                {t.awaitingReply && (
                  <Badge variant="warning" className="mt-1">
                    Awaiting reply
                  </Badge>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={threads.hasNextPage}
        isFetchingNextPage={threads.isFetchingNextPage}
        fetchNextPage={() => threads.fetchNextPage()}
        label="Load more live chats"
        className="mb-4"
      />
    </div>
  );
}

function ThreadPane({ userId, onBack }: { userId: string; onBack: () => void }) {
  const { user } = useUser();
  const thread = useLiveChatThread(userId);
  const detail = thread.data;

  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <div className="flex items-center gap-3 border-b p-3 sm:p-4">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to live chats">
          <ArrowLeft aria-hidden="true" />
        </Button>
        {detail ? (
          <>
            <UserAvatar user={personOf(detail.thread)} className="size-9" />
            <div className="min-w-0 flex-1">
              <h3 className="truncate font-semibold">{detail.thread.customerName}</h3>
              <p className="truncate text-xs text-muted-foreground">{detail.thread.customerEmail}</p>
            </div>
            {detail.thread.awaitingReply && (
              // On a phone the name needs the room; the list already marks the thread.
              <Badge variant="warning" className="hidden sm:inline-flex">
                Awaiting reply
              </Badge>
            )}
          </>
        ) : (
          <Skeleton className="h-9 w-48" />
        )}
      </div>
      <div className="grid flex-1 gap-3 p-3 sm:p-4 xl:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="flex min-w-0 flex-col gap-3">
          {thread.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(thread.error, 'Could not load this live chat.')}</AlertDescription>
            </Alert>
          ) : (
            <LiveChatMessageList
              messages={detail?.messages ?? []}
              // From the console, the support team's messages are ours.
              isOwn={(m) => m.type === 'support'}
              senderLabel={(m) => (m.senderId === user?.id ? 'You' : m.senderName)}
              empty={thread.isPending ? 'Loading messages...' : 'No messages yet'}
              label={detail ? `Live chat with ${detail.thread.customerName}` : 'Live chat'}
              className="h-[min(55vh,26rem)] min-h-56"
            />
          )}
          <ReplyBox userId={userId} disabled={!detail} />
        </div>
        <CustomerContext userId={userId} />
      </div>
    </div>
  );
}

/** The reply: Enter sends, Shift+Enter does not; trimmed, empty never sent. */
function ReplyBox({ userId, disabled }: { userId: string; disabled: boolean }) {
  const [text, setText] = React.useState('');
  const reply = useReplyToLiveChat(userId);
  const inputId = React.useId();

  const submit = () => {
    const message = text.trim();
    if (!message || disabled || reply.isPending) return;
    reply.mutate(
      { message },
      {
        onSuccess: () => setText(''),
        onError: (err) => toastError(errorMessage(err, M.sendFailed)),
      },
    );
  };

  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Reply
      </label>
      <Input
        id={inputId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          if (!e.shiftKey) submit();
        }}
        placeholder="Type your reply..."
        maxLength={LIVE_CHAT_MESSAGE_MAX_LENGTH}
        disabled={disabled}
        autoComplete="off"
      />
      <Button type="submit" disabled={disabled || !text.trim() || reply.isPending}>
        <Send aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Send</span>
      </Button>
    </form>
  );
}
