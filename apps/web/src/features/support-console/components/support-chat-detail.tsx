import * as React from 'react';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { nextSupportStatuses, type TSupportStatus, type TUser } from '@holdfast/contracts';
import { SupportPriorityBadge, SupportStatusBadge, supportStatusText } from '@/components/support/support-badges';
import { SupportMessageList, SupportSendBox } from '@/components/support/support-thread';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatRelative } from '@/lib/format';
import { flattenHistory } from '@/lib/paging';
import { useSupportMessages } from '@/lib/queries/get-support-messages';
import { useSendSupportMessage } from '@/lib/queries/send-support-message';
import { useSupportConsoleChat } from '../api/get-support-console-chat';
import { useUpdateSupportChatStatus } from '../api/update-support-chat-status';
import { CustomerContext } from './customer-context';
import { customerName } from './support-chat-queue';

const STATUS_ACTIONS: Record<Exclude<TSupportStatus, 'open'>, string> = {
  in_progress: 'Mark In Progress',
  resolved: 'Mark Resolved',
  closed: 'Close Chat',
};

/** The open chat in the console: who asked, its status with the allowed next ones, the thread and a reply box. */
export function SupportChatDetail({ chatId, user, onBack }: { chatId: string; user: TUser; onBack: () => void }) {
  const chat = useSupportConsoleChat(chatId);
  const messages = useSupportMessages(chatId);
  const send = useSendSupportMessage();
  const update = useUpdateSupportChatStatus();

  const { isError, error } = messages;
  React.useEffect(() => {
    if (isError) toastError(errorMessage(error, 'Failed to fetch messages'));
  }, [isError, error]);

  const back = (
    <Button variant="ghost" size="sm" className="-ml-2 md:hidden" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
  );
  if (chat.isLoading) {
    return (
      <div className="space-y-4">
        {back}
        <div className="flex justify-center py-10">
          <Spinner label="Loading chat" />
        </div>
      </div>
    );
  }
  if (!chat.data) {
    return (
      <div className="space-y-4">
        {back}
        <p className="text-sm text-destructive">{errorMessage(chat.error, 'Failed to load this chat')}</p>
      </div>
    );
  }
  const c = chat.data;
  const closed = c.status === 'closed';

  const changeStatus = (status: TSupportStatus) =>
    update.mutate(
      { id: c.id, status },
      {
        onSuccess: () =>
          toast({ title: 'Status Updated', description: `The chat is now ${supportStatusText(status)}.` }),
        onError: (err) => toastError(errorMessage(err, 'Failed to update status')),
      },
    );
  const onSend = (message: string) =>
    send.mutateAsync(
      { chatId: c.id, message },
      { onError: (err) => toastError(errorMessage(err, 'Failed to send message')) },
    );

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <div className="space-y-2">
          {back}
          <h2 className="text-lg leading-tight font-semibold break-words text-brand-ink">{c.subject}</h2>
          <p className="text-sm break-words text-muted-foreground">
            {customerName(c)} · {c.customer.email} · opened{' '}
            <time dateTime={c.createdAt}>{formatRelative(c.createdAt)}</time>
          </p>
          <div className="flex flex-wrap items-center gap-1.5">
            <SupportStatusBadge status={c.status} />
            <SupportPriorityBadge priority={c.priority} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Change status">
          {nextSupportStatuses(c.status).map((status) => (
            <Button
              key={status}
              size="sm"
              variant={status === 'closed' ? 'outline' : 'secondary'}
              disabled={update.isPending}
              onClick={() => changeStatus(status)}
            >
              {update.isPending && update.variables?.status === status && <Spinner />}
              {STATUS_ACTIONS[status as keyof typeof STATUS_ACTIONS]}
            </Button>
          ))}
        </div>
        <SupportMessageList
          className="h-[50dvh] min-h-64 md:h-[26rem]"
          messages={flattenHistory(messages.data?.pages)}
          loading={messages.isLoading}
          earlier={messages}
          isOwn={(m) => m.senderId === user.id}
          senderName={(m) => m.sender.firstName ?? (m.isFromSupport ? 'Support' : customerName(c))}
          empty={
            <>
              <MessageSquare className="mb-1 size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium text-foreground">No messages yet</p>
              <p className="text-sm text-muted-foreground">Write the first reply.</p>
            </>
          }
        />
        <SupportSendBox
          onSend={onSend}
          sending={send.isPending}
          disabled={closed}
          placeholder="Type your reply..."
          disabledReason="This chat is closed and takes no new messages."
        />
      </div>
      {/* Beside the chat on a wide screen, under it on a phone. */}
      <CustomerContext userId={c.customer.id} />
    </div>
  );
}
