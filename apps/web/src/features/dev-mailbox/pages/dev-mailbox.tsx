import { Link } from 'wouter';
import { Inbox, Mail, RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { AccessDenied } from '@/components/access-denied';
import { useUser } from '@/lib/auth';
import { useMailbox } from '../api/get-mailbox';
import { TextMessages } from './text-messages';

/** Development only: the mail the server "sent" to the signed-in person (admins: everyone), with its links. */
export function DevMailboxPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner message="Loading mailbox..." />;
  // Halfway through a two-factor sign-in nobody is signed in yet, but the texted code is readable.
  if (!user) {
    return (
      <>
        <AccessDenied description="Please log in to read the mail sent to your address." />
        <TextMessages />
      </>
    );
  }
  return <Mailbox />;
}

function Mailbox() {
  const mailbox = useMailbox();
  const messages = mailbox.data?.messages ?? [];
  return (
    <>
      <PageHeader
        title="Development Mailbox"
        description="Emails this server sent to your address (administrators see all). Development only."
        icon={<Mail />}
        actions={
          <Button variant="outline" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
            <RefreshCw className={mailbox.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      {mailbox.isLoading ? (
        <PageSpinner message="Loading mailbox..." />
      ) : mailbox.isError ? (
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            The mailbox could not be loaded.
          </CardContent>
        </Card>
      ) : messages.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
            <Inbox className="size-10 text-muted-foreground/60" aria-hidden="true" />
            <p className="font-medium">No emails yet</p>
            <p className="text-sm text-muted-foreground">Register an account or request a verification email.</p>
          </CardContent>
        </Card>
      ) : (
        <ul className="space-y-4">
          {messages.map((m) => (
            <li key={m.id}>
              <Card>
                <CardHeader className="gap-2 pb-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle className="text-base">{m.subject}</CardTitle>
                    <span className="text-xs text-muted-foreground">{formatDateTime(m.createdAt)}</span>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    To: <Badge variant="secondary">{m.to}</Badge>
                  </p>
                </CardHeader>
                <CardContent className="space-y-3">
                  <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
                    {m.text}
                  </pre>
                  {m.links.length > 0 && (
                    <ul className="space-y-1">
                      {m.links.map((href) => (
                        <li key={href}>
                          <a href={href} className="text-sm break-all text-primary underline-offset-4 hover:underline">
                            {href}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <TextMessages />
      <p className="mt-8 text-center text-sm">
        <Link href="/" className="text-primary hover:underline">
          Back to Holdfast
        </Link>
      </p>
    </>
  );
}
