import { History, KeyRound, LogIn, LogOut, RefreshCw, ShieldAlert, ShieldCheck, ShieldOff } from 'lucide-react';
import { auditActionLabel, type TSecurityEvent } from '@holdfast/contracts';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelative } from '@/lib/format';
import { flattenPages } from '@/lib/paging';
import { cn } from '@/lib/utils';
import { useSecurityEvents } from '../api/get-security-events';

const ICONS: Record<string, typeof LogIn> = {
  'account.sign_in': LogIn,
  'account.two_factor_failed': ShieldAlert,
  'account.password_change': KeyRound,
  'account.password_reset': KeyRound,
  'account.two_factor_enable': ShieldCheck,
  'account.two_factor_disable': ShieldOff,
  'account.session_revoke': LogOut,
  'account.sessions_revoke_others': LogOut,
};

const SECOND_FACTORS: Record<string, string> = {
  app: 'with a code from the authenticator app',
  sms: 'with a code by SMS',
  backup_code: 'with a backup code',
};

const sessionsText = (n: unknown) =>
  typeof n === 'number' ? `Ended ${n} other ${n === 1 ? 'session' : 'sessions'}.` : null;

/** What a person needs to know about one event beyond its name, in their words. */
export function securityEventNote(event: TSecurityEvent): string | null {
  const d = event.detail;
  switch (event.action) {
    case 'account.sign_in':
      return typeof d.secondFactor === 'string'
        ? `Two-factor: ${SECOND_FACTORS[d.secondFactor] ?? d.secondFactor}.`
        : null;
    case 'account.two_factor_failed':
      return d.during === 'disable'
        ? 'While turning two-factor authentication off. Not you? Change your password now.'
        : 'At sign-in, after the right password. Not you? Change your password now.';
    case 'account.two_factor_enable':
      return d.method === 'sms' ? 'Codes by SMS.' : 'Codes from an authenticator app.';
    case 'account.password_change':
    case 'account.sessions_revoke_others':
      return sessionsText(d.sessionsEnded);
    case 'account.password_reset':
      return 'Every session was signed out.';
    case 'account.session_revoke':
      return typeof d.sessionDevice === 'string'
        ? `Signed out: ${d.sessionDevice}${typeof d.sessionIpAddress === 'string' ? ` (${d.sessionIpAddress})` : ''}.`
        : null;
    default:
      return null;
  }
}

/** Security Settings' "Recent security activity": what happened to the account, when, from where. */
export function SecurityActivityCard() {
  const events = useSecurityEvents();
  const rows = flattenPages(events.data?.pages);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" />
          Recent security activity
        </CardTitle>
        <CardDescription>
          Sign-ins, password and two-factor changes and signed-out sessions on your account. Something you do not
          recognise? Change your password and sign out everywhere else.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {events.isLoading ? (
          <div className="space-y-3" role="status" aria-label="Loading security activity">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : events.isError ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm">
            <p className="text-muted-foreground">Your security activity could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void events.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border p-4 text-sm text-muted-foreground">
            No security activity yet. Your next sign-in will appear here.
          </p>
        ) : (
          <>
            <ul className="divide-y rounded-lg border" aria-label="Security activity">
              {rows.map((event) => (
                <ActivityRow key={event.id} event={event} />
              ))}
            </ul>
            <LoadMore
              className="mt-3"
              hasNextPage={events.hasNextPage}
              isFetchingNextPage={events.isFetchingNextPage}
              fetchNextPage={events.fetchNextPage}
              label="Show older activity"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityRow({ event }: { event: TSecurityEvent }) {
  const Icon = ICONS[event.action] ?? History;
  const warning = event.action === 'account.two_factor_failed';
  const note = securityEventNote(event);
  const where = [event.device, event.ipAddress].filter(Boolean).join(' · ');
  return (
    <li className="flex gap-3 p-4">
      <Icon
        className={cn('mt-0.5 size-5 shrink-0', warning ? 'text-destructive' : 'text-muted-foreground')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <span className="font-medium">{auditActionLabel(event.action)}</span>
          <time dateTime={event.at} title={formatDateTime(event.at)} className="text-xs text-muted-foreground">
            {formatRelative(event.at)}
          </time>
        </p>
        {where && <p className="mt-0.5 text-sm text-muted-foreground [overflow-wrap:anywhere]">{where}</p>}
        {note && <p className="mt-0.5 text-sm [overflow-wrap:anywhere]">{note}</p>}
      </div>
    </li>
  );
}
