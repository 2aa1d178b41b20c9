import * as React from 'react';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { LifeBuoy, MessagesSquare, Plus } from 'lucide-react';
import type { TSupportChat, TSupportStatus, TUser } from '@holdfast/contracts';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { PUBLIC_PAGE_LINKS } from '@/components/layout/site-links';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { flattenPages, mapPages, type Page } from '@/lib/paging';
import { supportMessagesQueryKey } from '@/lib/queries/get-support-messages';
import type { SocketEvent } from '@/lib/realtime';
import { useSupportChatSocket } from '@/lib/support-socket';
import { cn } from '@/lib/utils';
import { SUPPORT_CHATS_QUERY_KEY, useSupportChats } from '../api/get-support-chats';
import { ChatPane } from '../components/chat-pane';
import { ConversationList } from '../components/conversation-list';
import { NewChatForm } from '../components/new-chat-form';

/**
 * Keeps the page live: a chat's new messages and status changes arrive over /ws/support; `joined`
 * (after every (re)connection) refetches what may have been said meanwhile.
 */
function useLiveSupport(chatId: string | null) {
  const queryClient = useQueryClient();
  const onEvent = React.useCallback(
    (event: SocketEvent) => {
      const id = typeof event.chatId === 'string' ? event.chatId : null;
      if (!id) return;
      if (event.type === 'status_updated' && typeof event.status === 'string') {
        queryClient.setQueryData<InfiniteData<Page<TSupportChat>>>(SUPPORT_CHATS_QUERY_KEY, (old) =>
          mapPages(old, (c) => (c.id === id ? { ...c, status: event.status as TSupportStatus } : c)),
        );
      }
      if (event.type === 'new_message' || event.type === 'joined') {
        void queryClient.invalidateQueries({ queryKey: supportMessagesQueryKey(id) });
      }
      if (event.type === 'new_message' || event.type === 'status_updated' || event.type === 'joined') {
        void queryClient.invalidateQueries({ queryKey: SUPPORT_CHATS_QUERY_KEY, exact: true });
      }
    },
    [queryClient],
  );
  useSupportChatSocket(chatId, { onEvent });
}

function SupportCenter({ user }: { user: TUser }) {
  const [, navigate] = useLocation();
  const selectedId = new URLSearchParams(useSearch()).get('chat');
  const chats = useSupportChats();
  const [creating, setCreating] = React.useState(false);
  const loaded = flattenPages(chats.data?.pages);
  const selected = loaded.find((c) => c.id === selectedId) ?? null;
  useLiveSupport(selected?.id ?? null);

  // The chat in the address, so a phone's back button returns to the list.
  const select = (id: string) => navigate(`/support?chat=${encodeURIComponent(id)}`);
  const back = () => navigate('/support');

  return (
    <>
      <PageHeader
        title="Support Center"
        description="Ask the Holdfast support team about payments, transactions or your account."
        icon={<LifeBuoy />}
      />
      <div className="grid items-start gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <Card className={cn('min-w-0', selected && 'hidden md:block')}>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 p-4 sm:p-6">
            <CardTitle>Your Conversations</CardTitle>
            <Button size="sm" onClick={() => setCreating(true)} disabled={creating}>
              <Plus aria-hidden="true" />
              New Chat
            </Button>
          </CardHeader>
          <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
            {creating && (
              <NewChatForm
                onCancel={() => setCreating(false)}
                onCreated={(chat) => {
                  setCreating(false);
                  select(chat.id);
                }}
              />
            )}
            {chats.isLoading ? (
              <div className="flex justify-center py-6">
                <Spinner label="Loading conversations" />
              </div>
            ) : chats.isError ? (
              <p className="text-sm text-destructive">{errorMessage(chats.error, 'Failed to load conversations')}</p>
            ) : (
              <>
                <ConversationList chats={loaded} selectedId={selected?.id ?? null} onSelect={select} />
                <LoadMore
                  hasNextPage={chats.hasNextPage}
                  isFetchingNextPage={chats.isFetchingNextPage}
                  fetchNextPage={chats.fetchNextPage}
                  label="Load more conversations"
                  className="mt-4"
                />
              </>
            )}
          </CardContent>
        </Card>
        <Card className={cn('min-w-0', !selected && 'hidden md:block')}>
          <CardContent className="p-4 sm:p-6">
            {selected ? (
              <ChatPane key={selected.id} chat={selected} user={user} onBack={back} />
            ) : (
              <div className="flex min-h-64 flex-col items-center justify-center gap-2 text-center md:min-h-[28rem]">
                <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
                <p className="text-lg font-medium text-brand-ink">Select a conversation</p>
                <p className="text-sm text-muted-foreground">Choose one from the list, or start a new chat.</p>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <nav aria-label="Answers and policies" className="mt-6 rounded-lg border bg-card px-4 py-3 text-sm">
        <p className="text-muted-foreground">
          Many questions are answered already: how escrow works, inspection, disputes and withdrawals.
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {PUBLIC_PAGE_LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className="font-medium text-primary underline-offset-2 hover:underline">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** Support Center (/support): the customer's support chats with the staff (spec section 2). */
export function SupportPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner message="Loading support..." />;
  if (!user) return <AccessDenied description="Please log in to access support" />;
  return <SupportCenter user={user} />;
}
