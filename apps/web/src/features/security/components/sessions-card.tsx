import { LogOut, Monitor, MonitorSmartphone, RefreshCw, Smartphone } from 'lucide-react';
import type { TAccountSession } from '@holdfast/contracts';
import { ACCOUNT_SECURITY_MESSAGES as M } from '@holdfast/contracts/constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';

const isPhone = (device: string) => /iPhone|Android|iPad/.test(device);

/** The browsers and devices signed in to this account, each of the others with a way to sign it out. */
export function SessionsCard() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) =>
        toast({
          title: M.sessions.othersRevoked,
          description:
            revoked === 0
              ? 'No other session was signed in.'
              : `${revoked} other ${revoked === 1 ? 'session was' : 'sessions were'} signed out.`,
        }),
      onError: (err) => toastError(errorMessage(err, M.sessions.revokeFailed)),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-primary" aria-hidden="true" />
          Signed-in Sessions
        </CardTitle>
        <CardDescription>
          The browsers and devices signed in to your account. Sign out any session you do not recognise, then change
          your password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isLoading ? (
          <div className="space-y-3" role="status" aria-label="Loading sessions">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : sessions.isError ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm">
            <p className="text-muted-foreground">{M.sessions.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <ul className="divide-y rounded-lg border">
              {list.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            {others === 0 && <p className="mt-3 text-sm text-muted-foreground">You are not signed in anywhere else.</p>}
          </>
        )}
      </CardContent>
      <CardFooter className="border-t pt-6">
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          onClick={signOutOthers}
          disabled={revokeOthers.isPending || sessions.isLoading || others === 0}
        >
          {revokeOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          Sign out everywhere else
        </Button>
      </CardFooter>
    </Card>
  );
}

function SessionRow({ session }: { session: TAccountSession }) {
  const revoke = useRevokeSession();
  const Icon = isPhone(session.device) ? Smartphone : Monitor;
  const onRevoke = () =>
    revoke.mutate(session.id, {
      onSuccess: () => toast({ title: M.sessions.revoked, description: `${session.device} is signed out.` }),
      onError: (err) => toastError(errorMessage(err, M.sessions.revokeFailed)),
    });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.device}
          {session.current && <Badge variant="success">This device</Badge>}
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {session.ipAddress ?? 'Unknown address'} ·{' '}
          {session.current ? (
            'Active now'
          ) : (
            <>
              Last active{' '}
              <time dateTime={session.lastActiveAt} title={formatDateTime(session.lastActiveAt)}>
                {formatRelative(session.lastActiveAt)}
              </time>
            </>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={onRevoke}
          disabled={revoke.isPending}
          aria-label={`Revoke ${session.device}, last active ${formatRelative(session.lastActiveAt)}`}
        >
          {revoke.isPending && <Spinner />}
          Revoke
        </Button>
      )}
    </li>
  );
}
