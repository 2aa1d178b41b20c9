import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { MessageSquare, MessagesSquare } from 'lucide-react';
import type { TDirectMessage } from '@holdfast/contracts';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { useSocket, type SocketEvent } from '@/lib/realtime';
import { flattenHistory, flattenPages } from '@/lib/paging';
import { cn } from '@/lib/utils';
import { useArchiveConversation } from '../api/archive-conversation';
import { useConversation } from '../api/get-conversation';
import { useConversationMessages } from '../api/get-conversation-messages';
import { useConversations } from '../api/get-conversations';
import { CONVERSATIONS_QUERY_KEY, conversationQueryKey } from '../api/keys';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useSendMessage } from '../api/send-message';
import { ConversationList } from '../components/conversation-list';
import { ConversationThread } from '../components/conversation-thread';

/** Socket events that change what this page shows; a live chat's new_message is not one of them. */
const isDirectMessageEvent = (event: SocketEvent) =>
  (event.type === 'new_message' && event.channel === 'direct') ||
  event.type === 'messages_read' ||
  event.type === 'conversation_archived';

/**
 * Live updates: each event names a conversation; the list and that conversation are fetched again, so a
 * new message shows in the other person's open page at once. After a (re)connection everything is, in
 * case something was missed meanwhile.
 */
function useLiveConversations(userId: string | undefined) {
  const queryClient = useQueryClient();
  useSocket('/ws', {
    enabled: !!userId,
    onOpen: (send) => {
      // The spec's client announces itself; the server knows who this is from the session cookie anyway.
      send({ type: 'auth', token: userId });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
    onEvent: (event) => {
      if (!isDirectMessageEvent(event)) return;
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
      if (typeof event.conversationId === 'string') {
        void queryClient.invalidateQueries({ queryKey: conversationQueryKey(event.conversationId) });
      }
    },
  });
}

/**
 * Opening a conversation marks it read (spec section 4), and so does a message arriving while it is open
 * and the page is visible; a page in a background tab marks it when it is looked at again.
 */
function useMarkReadWhileOpen(
  conversationId: string | null,
  messages: TDirectMessage[] | undefined,
  unreadCount: number,
  meId: string | undefined,
) {
  const { mutate } = useMarkConversationRead(meId);
  const unreadIds = (messages ?? [])
    .filter((m) => m.receiverId === meId && !m.isRead)
    .map((m) => m.id)
    .join(',');
  const pending = !!conversationId && (unreadIds !== '' || unreadCount > 0);
  React.useEffect(() => {
    if (!conversationId || !pending) return;
    const mark = () => {
      if (document.visibilityState === 'visible') mutate(conversationId);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, pending, unreadIds, mutate]);
}

function NothingSelected({ className }: { className?: string }) {
  return (
    <div className={cn('flex-1 flex-col items-center justify-center gap-2 p-8 text-center', className)}>
      <MessagesSquare aria-hidden="true" className="size-12 text-muted-foreground/50" />
      <h2 className="text-lg font-semibold text-brand-ink">Select a Conversation</h2>
      <p className="max-w-xs text-sm text-muted-foreground">
        Choose a conversation from the list to read and send messages.
      </p>
    </div>
  );
}

/** Messages (spec section 2): the caller's conversations, one per transaction, and the open one. */
export function MessagesPage() {
  const { user } = useUser();
  const meId = user?.id;
  const [, navigate] = useLocation();
  const selectedId = new URLSearchParams(useSearch()).get('conversation') || null;
  const [search, setSearch] = React.useState('');

  const conversations = useConversations();
  const conversationPages = conversations.data?.pages;
  const loaded = React.useMemo(
    () => (conversationPages ? flattenPages(conversationPages) : undefined),
    [conversationPages],
  );
  const listed = loaded?.find((c) => c.id === selectedId);
  // A deep link to a conversation that is not listed (archived): fetched by itself.
  const single = useConversation(selectedId, conversations.isSuccess && !listed);
  const selected = listed ?? single.data;
  const messages = useConversationMessages(selected ? selected.id : null);
  const messagePages = messages.data?.pages;
  const thread = React.useMemo(() => (messagePages ? flattenHistory(messagePages) : undefined), [messagePages]);
  const send = useSendMessage();
  const archive = useArchiveConversation();

  useLiveConversations(meId);
  useMarkReadWhileOpen(selected?.id ?? null, thread, selected?.unreadCount ?? 0, meId);

  const backToList = () => navigate('/messages');

  const onSend = (content: string) => {
    if (!selected?.otherParticipant.id) return Promise.reject(new Error('no receiver'));
    return send
      .mutateAsync({ conversationId: selected.id, content, receiverId: selected.otherParticipant.id })
      .catch((err: unknown) => {
        toastError(errorMessage(err, 'Failed to send message'));
        throw err;
      });
  };

  const onArchive = () => {
    if (!selected) return;
    archive.mutate(selected.id, {
      onSuccess: () => {
        toast({ title: 'Conversation Archived' });
        backToList();
      },
      onError: (err) => toastError(errorMessage(err, 'Failed to archive conversation')),
    });
  };

  const threadPane = selected ? (
    <ConversationThread
      key={selected.id}
      conversation={selected}
      messages={thread}
      messagesLoading={messages.isLoading}
      earlier={messages}
      messagesError={messages.isError}
      meId={meId ?? ''}
      onBack={backToList}
      onArchive={onArchive}
      archiving={archive.isPending}
      onSend={onSend}
      sending={send.isPending}
    />
  ) : selectedId && (single.isLoading || conversations.isLoading) ? (
    <div className="flex flex-1 items-center justify-center">
      <Spinner />
    </div>
  ) : selectedId && (single.isError || conversations.isError) ? (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
      <h2 className="text-lg font-semibold text-brand-ink">Conversation Not Found</h2>
      <p className="max-w-xs text-sm text-muted-foreground">
        {errorStatus(single.error) === 404
          ? 'This conversation does not exist or is not yours.'
          : 'This conversation could not be loaded. Please try again.'}
      </p>
      <Button variant="outline" onClick={backToList}>
        Back to conversations
      </Button>
    </div>
  ) : (
    <NothingSelected className="hidden md:flex" />
  );

  return (
    <>
      <PageHeader
        title="Messages"
        description="Communicate with buyers and sellers about your transactions"
        icon={<MessageSquare />}
        className="mb-6"
      />
      <Card className="flex h-[calc(100dvh-15rem)] min-h-[30rem] overflow-hidden p-0 md:h-[calc(100dvh-16rem)]">
        <ConversationList
          conversations={loaded}
          more={conversations}
          isLoading={conversations.isLoading}
          isError={conversations.isError}
          selectedId={selectedId}
          search={search}
          onSearchChange={setSearch}
          className={cn('w-full md:flex md:w-80 md:shrink-0 md:border-r lg:w-96', selectedId ? 'hidden' : 'flex')}
        />
        <div className={cn('min-w-0 flex-1 flex-col', selectedId ? 'flex' : 'hidden md:flex')}>{threadPane}</div>
      </Card>
    </>
  );
}
