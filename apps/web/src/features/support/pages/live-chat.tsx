import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, Headphones, MessageCircle, Receipt, Send, Wifi, WifiOff, Zap } from 'lucide-react';
import {
  LIVE_CHAT_EVENTS,
  LIVE_CHAT_MESSAGE_MAX_LENGTH,
  LIVE_CHAT_MESSAGES as M,
  type TUser,
} from '@holdfast/contracts';
import { AccessDenied } from '@/components/access-denied';
import { LiveChatMessageList } from '@/components/chat/live-chat-message-list';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { toastError } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { useSocket, type SocketEvent } from '@/lib/realtime';
import { LIVE_CHAT_MESSAGES_QUERY_KEY, useLiveChatMessages } from '../api/get-live-chat-messages';
import { useSendLiveChatMessage } from '../api/send-live-chat-message';

/** Live Chat (/live-chat): the customer's running conversation with the support team. */
export function LiveChatPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner message="Loading live chat..." />;
  if (!user) return <AccessDenied description={M.signedOut} />;
  return <LiveChat user={user} />;
}

const isLiveChatNews = (event: SocketEvent) =>
  event.type === LIVE_CHAT_EVENTS.customer.type &&
  // The same socket carries private messages (channel 'direct'); an event without a channel is the spec's.
  (event.channel === undefined || event.channel === LIVE_CHAT_EVENTS.customer.channel);

function LiveChat({ user }: { user: TUser }) {
  const queryClient = useQueryClient();
  const messages = useLiveChatMessages();
  const refresh = React.useCallback(
    () => void queryClient.invalidateQueries({ queryKey: LIVE_CHAT_MESSAGES_QUERY_KEY }),
    [queryClient],
  );
  const socket = useSocket('/ws', {
    onOpen: (send) => {
      // The spec's client announces itself; the server answers with the session's user whatever we send.
      send({ type: 'auth', token: user.id });
      // Anything said while we were away.
      refresh();
    },
    onEvent: (event) => {
      if (isLiveChatNews(event)) refresh();
    },
  });
  // 'Connection lost' once a connection failed or dropped, until the socket is back (not on first load).
  const [lost, setLost] = React.useState(false);
  React.useEffect(() => {
    if (socket.status === 'disconnected') setLost(true);
    if (socket.status === 'connected') setLost(false);
  }, [socket.status]);

  return (
    <>
      <PageHeader
        title={M.title}
        description="Chat with the Holdfast support team in real time."
        icon={<MessageCircle />}
        actions={<ConnectionBadge connected={socket.connected} />}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 border-b p-4 sm:p-6">
            <div className="flex items-center gap-3">
              <div className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Headphones className="size-5" aria-hidden="true" />
              </div>
              <div>
                <CardTitle>Holdfast Support</CardTitle>
                <p className="text-sm text-muted-foreground">Ask us anything about your account or a transaction.</p>
              </div>
            </div>
            <Badge variant="info">
              <Headphones aria-hidden="true" />
              {M.supportTeam}
            </Badge>
          </CardHeader>
          <CardContent className="space-y-3 p-3 sm:p-6">
            {messages.isPending ? (
              <div className="space-y-3 p-2" aria-label="Loading messages">
                <Skeleton className="h-12 w-2/3" />
                <Skeleton className="ml-auto h-12 w-1/2" />
                <Skeleton className="h-12 w-3/5" />
              </div>
            ) : messages.isError && !messages.data ? (
              <Alert variant="destructive">
                <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
                  Could not load your messages.
                  <Button size="sm" variant="outline" onClick={() => void messages.refetch()}>
                    Try again
                  </Button>
                </AlertDescription>
              </Alert>
            ) : (
              <LiveChatMessageList
                messages={messages.data ?? []}
                isOwn={(m) => m.senderId === user.id && m.type === 'user'}
                empty={M.empty}
                className="h-[min(60vh,32rem)] min-h-64"
              />
            )}
            {lost && !socket.connected && (
              <Alert variant="warning" role="status">
                <WifiOff aria-hidden="true" />
                <AlertDescription>{M.connectionLost}</AlertDescription>
              </Alert>
            )}
            <Composer disabled={!socket.connected} />
          </CardContent>
        </Card>
        <InfoBlocks />
      </div>
    </>
  );
}

function ConnectionBadge({ connected }: { connected: boolean }) {
  return connected ? (
    <Badge variant="success">
      <Wifi aria-hidden="true" />
      Connected
    </Badge>
  ) : (
    <Badge variant="danger">
      <WifiOff aria-hidden="true" />
      Disconnected
    </Badge>
  );
}

/** The input: Enter sends, Shift+Enter does not; trimmed, empty never sent; disabled while disconnected. */
function Composer({ disabled }: { disabled: boolean }) {
  const [text, setText] = React.useState('');
  const sendMessage = useSendLiveChatMessage();
  const inputId = React.useId();

  const submit = () => {
    const message = text.trim();
    if (!message || disabled || sendMessage.isPending) return;
    sendMessage.mutate(
      { message },
      {
        onSuccess: () => setText(''),
        onError: (err) => {
          // The server's own words when it refused the text or the pace; otherwise the spec's message.
          const code = errorCode(err);
          toastError(code === 'VALIDATION' || code === 'RATE_LIMITED' ? errorMessage(err, M.sendFailed) : M.sendFailed);
        },
      },
    );
  };

  const nearLimit = text.length > LIVE_CHAT_MESSAGE_MAX_LENGTH - 100;
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <Input
        id={inputId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          // Enter sends; Shift+Enter does not.
          e.preventDefault();
          if (!e.shiftKey) submit();
        }}
        placeholder={disabled ? 'Waiting for the connection...' : 'Type your message...'}
        maxLength={LIVE_CHAT_MESSAGE_MAX_LENGTH}
        disabled={disabled}
        autoComplete="off"
        aria-describedby={nearLimit ? `${inputId}-count` : undefined}
      />
      {nearLimit && (
        <span id={`${inputId}-count`} className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {text.length}/{LIVE_CHAT_MESSAGE_MAX_LENGTH}
        </span>
      )}
      <Button
        type="submit"
        size="icon"
        disabled={disabled || !text.trim() || sendMessage.isPending}
        aria-label="Send message"
      >
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
}

const INFO = [
  {
    icon: Zap,
    title: 'Instant Support',
    text: 'Message the support team and get an answer here, without opening a ticket.',
  },
  {
    icon: Receipt,
    title: 'Transaction Help',
    text: 'Questions about paying into escrow, a delivery, releasing funds or a dispute.',
  },
  {
    icon: BookOpen,
    title: 'Platform Guidance',
    text: 'How Holdfast works: your wallet, fees, security settings and your public profile.',
  },
];

function InfoBlocks() {
  return (
    <div className="grid content-start gap-4 sm:grid-cols-3 lg:grid-cols-1">
      {INFO.map(({ icon: Icon, title, text }) => (
        <Card key={title}>
          <CardContent className="flex gap-3 p-4 sm:p-5">
            <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-4" aria-hidden="true" />
            </div>
            <div>
              <CardTitle as="h2" className="text-base">
                {title}
              </CardTitle>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
