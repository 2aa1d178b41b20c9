import { MessageSquareText, RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useTextMessages } from '../api/get-text-messages';

/** Development only: the SMS the server "sent" (two-factor codes), beside the mailbox. */
export function TextMessages() {
  const sms = useTextMessages();
  const messages = sms.data?.messages ?? [];
  return (
    <section className="mt-10" aria-labelledby="text-messages-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="text-messages-title" className="flex items-center gap-2 text-xl font-semibold">
          <MessageSquareText className="size-5 text-primary" aria-hidden="true" />
          Text messages
        </h2>
        <Button variant="outline" size="sm" onClick={() => void sms.refetch()} disabled={sms.isFetching}>
          <RefreshCw className={sms.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {sms.isError ? (
        <p className="text-sm text-muted-foreground">Please log in to read the text messages sent to you.</p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No text messages yet.</p>
      ) : (
        <ul className="space-y-3">
          {messages.map((m) => (
            <li key={m.id}>
              <Card>
                <CardHeader className="pb-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle as="h3" className="text-base">
                      To <Badge variant="secondary">{m.to}</Badge>
                    </CardTitle>
                    <span className="text-xs text-muted-foreground">{formatDateTime(m.createdAt)}</span>
                  </div>
                </CardHeader>
                <CardContent>
                  <p className="text-sm [overflow-wrap:anywhere]">{m.text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
