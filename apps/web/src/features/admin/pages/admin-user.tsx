import * as React from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft, Ban, RotateCcw, UserMinus, UserRound } from 'lucide-react';
import { ADMIN_USER_MESSAGES as M, type TAdminUserDetail } from '@holdfast/contracts';
import { RoleBadge } from '@/components/layout/role-badge';
import { PageHeader } from '@/components/layout/page-header';
import { TransactionStatusBadge } from '@/components/status-badge';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { formatDate, formatDateTime, formatMoney, formatRelative, fullName, humanize } from '@/lib/format';
import { useAdminUser } from '../api/users';
import { UserActionDialog } from '../components/user-action-dialog';

const BACK = '/admin-dashboard?tab=users';

const KYC: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  verified: { label: 'Verified', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'danger' },
};

const DISPUTE_VARIANTS: Record<string, BadgeProps['variant']> = {
  open: 'warning',
  in_review: 'info',
  resolved: 'muted',
};

/** /admin/users/:id: one account as an admin sees it, and what an admin may do to it (admins only). */
export function AdminUserPage() {
  const { id } = useParams<{ id: string }>();
  const query = useAdminUser(id);

  if (query.isLoading) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <>
        <BackLink />
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            {errorStatus(query.error) === 404 ? M.notFound : M.loadFailed}
          </CardContent>
        </Card>
      </>
    );
  }
  return <UserDetail detail={query.data} />;
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
      <Link href={BACK}>
        <ArrowLeft aria-hidden="true" /> Back to Users
      </Link>
    </Button>
  );
}

function UserDetail({ detail }: { detail: TAdminUserDetail }) {
  const { user: me } = useUser();
  const u = detail.user;
  const name = fullName(u) ?? u.email;
  return (
    <>
      <BackLink />
      <PageHeader
        title={<span className="[overflow-wrap:anywhere]">{name}</span>}
        description={<span className="[overflow-wrap:anywhere]">{u.email}</span>}
        icon={<UserRound />}
        actions={<Actions detail={detail} isSelf={me?.id === u.id} />}
      />
      {u.suspension && (
        <Alert variant="destructive" className="mb-6">
          <Ban aria-hidden="true" />
          <AlertTitle>Suspended since {formatDateTime(u.suspension.at)}</AlertTitle>
          <AlertDescription>
            <p className="break-words whitespace-pre-line">Reason: {u.suspension.reason}</p>
            <p>
              The account cannot sign in. Its money and deals stay as they are; moderators still decide its disputes.
            </p>
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountCard detail={detail} />
        <BalancesCard detail={detail} />
        <DealsCard detail={detail} />
        <DisputesCard detail={detail} />
        <SessionsCard detail={detail} />
      </div>
    </>
  );
}

function Actions({ detail, isSelf }: { detail: TAdminUserDetail; isSelf: boolean }) {
  const u = detail.user;
  const cases = detail.assignedCases;
  const returned = cases === 1 ? 'Their 1 case in review goes back' : `Their ${cases} cases in review go back`;
  // The server refuses these too; the page does not offer what would only be refused.
  if (isSelf || u.role === 'admin') return null;
  return (
    <>
      {u.role === 'moderator' && (
        <UserActionDialog
          userId={u.id}
          action="deactivate-moderator"
          label="Deactivate Moderator"
          icon={<UserMinus aria-hidden="true" />}
          title="Deactivate this moderator?"
          description={
            <>
              <p>The account becomes a plain account and is signed out everywhere.</p>
              {cases > 0 && <p>{returned} to the queue for another moderator.</p>}
            </>
          }
          done={M.deactivatedToast}
        />
      )}
      {u.suspension ? (
        <UserActionDialog
          userId={u.id}
          action="reactivate"
          label="Reactivate Account"
          icon={<RotateCcw aria-hidden="true" />}
          title="Reactivate this account?"
          description={<p>The account may sign in again.</p>}
          done={M.reactivatedToast}
        />
      ) : (
        <UserActionDialog
          userId={u.id}
          action="suspend"
          label="Suspend Account"
          variant="destructive"
          icon={<Ban aria-hidden="true" />}
          title="Suspend this account?"
          description={
            <>
              <p>
                It is signed out everywhere at once and cannot sign in until an admin reactivates it. Its money and
                deals stay exactly where they are; moderators still decide its disputes.
              </p>
              {u.role === 'moderator' && cases > 0 && <p>{returned} to the queue.</p>}
            </>
          }
          done={M.suspendedToast}
        />
      )}
    </>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b py-2 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-1.5 text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const verified = (ok: boolean) => <Badge variant={ok ? 'success' : 'muted'}>{ok ? 'Verified' : 'Not verified'}</Badge>;

function AccountCard({ detail }: { detail: TAdminUserDetail }) {
  const u = detail.user;
  const kyc = KYC[u.kycStatus] ?? { label: 'Unknown', variant: 'muted' as const };
  return (
    <Section title="Account">
      <dl>
        <Row label="Status">
          {u.suspension ? <Badge variant="danger">Suspended</Badge> : <Badge variant="success">Active</Badge>}
        </Row>
        <Row label="Role">
          <RoleBadge role={u.role} />
        </Row>
        <Row label="Email">{verified(u.emailVerified)}</Row>
        <Row label="Phone">
          {u.phoneNumber ? (
            <>
              <span>{u.phoneNumber}</span> {verified(u.phoneVerified)}
            </>
          ) : (
            <span className="text-muted-foreground">None</span>
          )}
        </Row>
        <Row label="KYC">
          <Badge variant={kyc.variant}>{kyc.label}</Badge>
        </Row>
        <Row label="Two-factor">{u.twoFactorEnabled ? 'On' : 'Off'}</Row>
        {u.role === 'moderator' && <Row label="Cases in review">{detail.assignedCases}</Row>}
        <Row label="Member since">{formatDate(u.createdAt)}</Row>
      </dl>
    </Section>
  );
}

function BalancesCard({ detail }: { detail: TAdminUserDetail }) {
  return (
    <Section title="Balances" description="Available in the wallet, and held in escrow for deals this account buys.">
      {detail.balances.length === 0 ? (
        <p className="text-sm text-muted-foreground">No money held.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="pb-2 font-medium">
                Currency
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Available
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                In escrow
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.balances.map((b) => (
              <tr key={b.currency} className="border-t">
                <th scope="row" className="py-2 text-left font-medium">
                  {b.currency}
                </th>
                <td className="py-2 text-right tabular-nums">{formatMoney(b.available, b.currency)}</td>
                <td className="py-2 text-right tabular-nums">{formatMoney(b.inEscrow, b.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function DealsCard({ detail }: { detail: TAdminUserDetail }) {
  const { total, open, recent } = detail.deals;
  return (
    <Section title="Deals" description={`${count(total, 'deal', 'deals')}, ${open} open`}>
      {recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deals yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Recent deals">
          {recent.map((t) => (
            <li key={t.id} className="grid gap-1 border-b pb-3 last:border-b-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  href={`/transactions/${t.id}`}
                  className="min-w-0 font-medium text-brand-ink underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                >
                  {t.description}
                </Link>
                <TransactionStatusBadge status={t.status} />
              </div>
              <p className="text-sm text-muted-foreground">
                {formatMoney(t.amount, t.currency)} · as {t.role} · {formatDate(t.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function DisputesCard({ detail }: { detail: TAdminUserDetail }) {
  const { total, open, recent } = detail.disputes;
  return (
    <Section title="Disputes" description={`${count(total, 'dispute', 'disputes')}, ${open} open`}>
      {recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">No disputes.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Recent disputes">
          {recent.map((d) => (
            <li key={d.id} className="grid gap-1 border-b pb-3 last:border-b-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  href={`/moderator/cases/${d.id}`}
                  className="min-w-0 font-medium text-brand-ink underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                >
                  {d.description}
                </Link>
                <Badge variant={DISPUTE_VARIANTS[d.status] ?? 'secondary'}>{humanize(d.status)}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                As {d.role} · opened {formatDate(d.createdAt)} ·{' '}
                <Link href={`/transactions/${d.transactionId}`} className="underline underline-offset-4">
                  the deal
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function SessionsCard({ detail }: { detail: TAdminUserDetail }) {
  return (
    <Section title="Sessions" description="Where the account is signed in now.">
      {detail.sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not signed in anywhere.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Active sessions">
          {detail.sessions.map((s) => (
            <li key={s.id} className="grid gap-0.5 border-b pb-3 text-sm last:border-b-0 last:pb-0">
              <span className="font-medium">{s.device}</span>
              <span className="text-muted-foreground">
                {s.ipAddress ?? 'Unknown address'} · last active {formatRelative(s.lastActiveAt)} · signed in{' '}
                {formatDate(s.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
