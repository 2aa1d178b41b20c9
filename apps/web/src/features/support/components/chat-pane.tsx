import * as React from 'react';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import type { TSupportChat, TUser } from '@holdfast/contracts';
import { SupportPriorityBadge, SupportStatusBadge } from '@/components/support/support-badges';
import { SupportMessageList, SupportSendBox } from '@/components/support/support-thread';
import { Button } from '@/components/ui/button';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { flattenHistory } from '@/lib/paging';
import { useSupportMessages } from '@/lib/queries/get-support-messages';
import { useSendSupportMessage } from '@/lib/queries/send-support-message';

/** The selected chat: its subject and status, its messages and the send box. */
export function ChatPane({ chat, user, onBack }: { chat: TSupportChat; user: TUser; onBack: () => void }) {
  const messages = useSupportMessages(chat.id);
  const send = useSendSupportMessage();
  const closed = chat.status === 'closed';
  const { isError, error } = messages;
  React.useEffect(() => {
    if (isError) toastError(errorMessage(error, 'Failed to fetch messages'));
  }, [isError, error]);

  const onSend = (message: string) =>
    send.mutateAsync(
      { chatId: chat.id, message },
      { onError: (err) => toastError(errorMessage(err, 'Failed to send message')) },
    );

  return (
    <div className="flex h-full flex-col gap-4">
      <div className="space-y-2">
        <Button variant="ghost" size="sm" className="-ml-2 md:hidden" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <h2 className="text-lg leading-tight font-semibold break-words text-brand-ink">{chat.subject}</h2>
        <div className="flex flex-wrap items-center gap-1.5">
          <SupportStatusBadge status={chat.status} />
          <SupportPriorityBadge priority={chat.priority} />
        </div>
      </div>
      <SupportMessageList
        className="h-[55dvh] min-h-64 md:h-[28rem]"
        messages={flattenHistory(messages.data?.pages)}
        loading={messages.isLoading}
        earlier={messages}
        isOwn={(m) => m.senderId === user.id}
        senderName={(m) => m.sender.firstName ?? (m.isFromSupport ? 'Support' : 'Customer')}
        empty={
          <>
            <MessageSquare className="mb-1 size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium text-foreground">No messages yet</p>
            <p className="text-sm text-muted-foreground">Start the conversation!</p>
          </>
        }
      />
      <SupportSendBox
        onSend={onSend}
        sending={send.isPending}
        disabled={closed}
        disabledReason="This conversation is closed. Start a new chat if you still need help."
      />
    </div>
  );
}
