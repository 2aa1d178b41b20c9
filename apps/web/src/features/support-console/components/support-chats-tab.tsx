import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { MessagesSquare } from 'lucide-react';
import type { TSupportConsoleQuery, TUser } from '@holdfast/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { supportMessagesQueryKey } from '@/lib/queries/get-support-messages';
import { useSocket, type SocketEvent } from '@/lib/realtime';
import { useSupportChatSocket } from '@/lib/support-socket';
import { cn } from '@/lib/utils';
import { LoadMore } from '@/components/load-more';
import { flattenPages } from '@/lib/paging';
import { SUPPORT_CONSOLE_QUERY_ROOT, useSupportConsoleChats } from '../api/get-support-console-chats';
import { SupportChatDetail } from './support-chat-detail';
import { SupportChatFilters } from './support-chat-filters';
import { SupportChatQueue } from './support-chat-queue';

/**
 * Live console: the staff channel on /ws names every chat that changed (new chat, message, status), and
 * /ws/support follows the open chat; either refetches what it names. Every (re)connection refetches the
 * list, which may have changed while the socket was away.
 */
function useLiveConsole(openChatId: string | null) {
  const queryClient = useQueryClient();
  const refresh = React.useCallback(
    (event: SocketEvent) => {
      const id = typeof event.chatId === 'string' ? event.chatId : null;
      if (!id) return;
      if (['support_chat_updated', 'new_message', 'status_updated', 'joined'].includes(event.type)) {
        void queryClient.invalidateQueries({ queryKey: SUPPORT_CONSOLE_QUERY_ROOT });
      }
      if (['support_chat_updated', 'new_message', 'joined'].includes(event.type)) {
        void queryClient.invalidateQueries({ queryKey: supportMessagesQueryKey(id) });
      }
    },
    [queryClient],
  );
  useSocket('/ws', {
    onOpen: () => void queryClient.invalidateQueries({ queryKey: SUPPORT_CONSOLE_QUERY_ROOT }),
    onEvent: (event) => {
      if (event.type === 'support_chat_updated') refresh(event);
    },
  });
  useSupportChatSocket(openChatId, { onEvent: refresh });
}

/** The 'Support Chats' tab: the queue with its filters, and the open chat. */
export function SupportChatsTab({ user }: { user: TUser }) {
  const [, navigate] = useLocation();
  const openId = new URLSearchParams(useSearch()).get('chat');
  const [filter, setFilter] = React.useState<TSupportConsoleQuery>({ status: '', priority: '' });
  const chats = useSupportConsoleChats(filter);
  useLiveConsole(openId);

  const select = (id: string) => navigate(`/support-console?chat=${encodeURIComponent(id)}`);
  const back = () => navigate('/support-console');

  return (
    <div className="grid items-start gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
      <Card className={cn('min-w-0', openId && 'hidden md:block')}>
        <CardContent className="space-y-4 p-4 sm:p-6">
          <SupportChatFilters value={filter} onChange={setFilter} />
          {chats.isLoading ? (
            <div className="flex justify-center py-6">
              <Spinner label="Loading support chats" />
            </div>
          ) : chats.isError ? (
            <p className="text-sm text-destructive">{errorMessage(chats.error, 'Failed to load support chats')}</p>
          ) : (
            <>
              <SupportChatQueue
                chats={flattenPages(chats.data?.pages)}
                selectedId={openId}
                onSelect={select}
                filtered={Boolean(filter.status || filter.priority)}
              />
              <LoadMore
                hasNextPage={chats.hasNextPage}
                isFetchingNextPage={chats.isFetchingNextPage}
                fetchNextPage={() => chats.fetchNextPage()}
                label="Load more chats"
              />
            </>
          )}
        </CardContent>
      </Card>
      <Card className={cn('min-w-0', !openId && 'hidden md:block')}>
        <CardContent className="p-4 sm:p-6">
          {openId ? (
            <SupportChatDetail key={openId} chatId={openId} user={user} onBack={back} />
          ) : (
            <div className="flex min-h-64 flex-col items-center justify-center gap-2 text-center md:min-h-[28rem]">
              <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="text-lg font-medium text-brand-ink">Select a chat</p>
              <p className="text-sm text-muted-foreground">Open a chat from the queue to read and answer it.</p>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
