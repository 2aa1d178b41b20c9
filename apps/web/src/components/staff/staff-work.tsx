import { Link } from 'wouter';
import {
  AlarmClock,
  ChevronRight,
  FileText,
  FolderOpen,
  Inbox,
  ServerCrash,
  ShieldAlert,
  UsersRound,
} from 'lucide-react';
import type { TDispute, TUser, TWaitingGroup } from '@holdfast/contracts';
import { StatCard } from '@/components/stat-card';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DISPUTE_STEP_LABELS, dueCountdown } from '@/lib/dispute-step';
import { formatDateTime, formatMoney, humanize } from '@/lib/format';
import { useAdminWaiting, useDisputeWorkload } from '@/lib/queries/staff-disputes';
import { useNow } from '@/lib/use-now';

/**
 * A moderator's or an admin's own work, for their home and dashboard (issue 31): the figures of what
 * waits, and the cases themselves, each opening its case file. Both read GET /api/disputes/waiting (one
 * request: the hooks share the answer); an admin's also the failed jobs and pending applications.
 */

type Staff = TUser & { role: 'moderator' | 'admin' };

const PRIORITY_VARIANTS: Record<TDispute['priority'], BadgeProps['variant']> = {
  high: 'danger',
  medium: 'warning',
  low: 'muted',
};

export function caseFileHref(id: string) {
  return `/moderator/cases/${id}`;
}

/** The four figures at the top of a staff member's home. */
export function StaffFigures({ user }: { user: Staff }) {
  const work = useDisputeWorkload();
  const admin = useAdminWaiting(user.role === 'admin');
  const w = work.data;
  const loading = work.isLoading;
  if (user.role === 'admin') {
    return (
      <section aria-label="What waits for you" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Second Reviews"
          value={w?.secondReview.count ?? 0}
          icon={<UsersRound />}
          tone="violet"
          loading={loading}
        />
        <StatCard
          label="Escalated & Overdue"
          value={w?.pastDeadline.count ?? 0}
          icon={<AlarmClock />}
          tone="amber"
          loading={loading}
        />
        <StatCard
          label="Failed Jobs"
          value={admin.failedJobs ?? 0}
          icon={<ServerCrash />}
          tone="sky"
          loading={admin.loading}
        />
        <StatCard
          label="Pending Applications"
          value={admin.pendingApplications ?? 0}
          icon={<FileText />}
          tone="teal"
          loading={admin.loading}
        />
      </section>
    );
  }
  return (
    <section aria-label="What waits for you" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label="Your Open Cases"
        value={w?.mine.count ?? 0}
        icon={<FolderOpen />}
        tone="teal"
        loading={loading}
      />
      <StatCard
        label="Unassigned Queue"
        value={w?.unassigned ?? 0}
        hint="Open cases no moderator has taken"
        icon={<Inbox />}
        tone="sky"
        loading={loading}
      />
      <StatCard
        label="Past a Deadline"
        value={w?.pastDeadline.count ?? 0}
        icon={<AlarmClock />}
        tone="amber"
        loading={loading}
      />
      <StatCard
        label="Second Reviews"
        value={w?.secondReview.count ?? 0}
        hint="Other moderators’ decisions to check"
        icon={<UsersRound />}
        tone="violet"
        loading={loading}
      />
    </section>
  );
}

function CaseRow({ dispute, now }: { dispute: TDispute; now: Date }) {
  const { step } = dispute;
  return (
    <li>
      <Link
        href={caseFileHref(dispute.id)}
        className="flex flex-col gap-2 p-3 transition-colors hover:bg-accent/60 sm:flex-row sm:items-center sm:gap-4"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-brand-ink">{dispute.transaction.description}</span>
          <span className="block text-xs text-muted-foreground">
            Case #{dispute.id.slice(0, 8)} · {DISPUTE_STEP_LABELS[step.code]}
            {step.dueAt && (
              <>
                {' · due '}
                <time dateTime={step.dueAt}>{formatDateTime(step.dueAt)}</time> ({dueCountdown(step.dueAt, now)})
              </>
            )}
          </span>
        </span>
        <span className="flex shrink-0 items-center justify-between gap-2 sm:justify-end">
          <span className="text-sm font-semibold text-brand-ink tabular-nums">
            {formatMoney(dispute.disputedAmount, dispute.transaction.currency)}
          </span>
          <span className="flex items-center gap-1.5">
            {step.noResponse && <Badge variant="warning">No response</Badge>}
            <Badge variant={PRIORITY_VARIANTS[dispute.priority]}>{humanize(dispute.priority)}</Badge>
            <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
          </span>
        </span>
      </Link>
    </li>
  );
}

interface QueueCardProps {
  title: string;
  description: string;
  group: TWaitingGroup | undefined;
  loading: boolean;
  empty: string;
  /** Where the whole list is, when the card shows only its first few. */
  more?: { href: string; label: string };
  footer?: React.ReactNode;
}

function QueueCard({ title, description, group, loading, empty, more, footer }: QueueCardProps) {
  const now = useNow();
  const hidden = group ? group.count - group.cases.length : 0;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="min-w-0 space-y-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {group && group.count > 0 && <Badge variant="secondary">{group.count}</Badge>}
      </CardHeader>
      <CardContent className="space-y-3">
        {loading ? (
          <div className="space-y-2" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : !group || group.cases.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={title}>
            {group.cases.map((d) => (
              <CaseRow key={d.id} dispute={d} now={now} />
            ))}
          </ul>
        )}
        {hidden > 0 && (
          <p className="text-sm text-muted-foreground">
            And {hidden} more.{' '}
            {more && (
              <Link href={more.href} className="font-medium text-primary hover:underline">
                {more.label}
              </Link>
            )}
          </p>
        )}
        {footer}
      </CardContent>
    </Card>
  );
}

/** One line of an admin's other work: how many, and where it is handled. */
function TaskRow({ label, count, href, action }: { label: string; count: number; href: string; action: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <span className="text-sm">
        <span className="font-semibold text-brand-ink tabular-nums">{count}</span> {label}
      </span>
      <Button asChild size="sm" variant={count > 0 ? 'default' : 'outline'}>
        <Link href={href}>{action}</Link>
      </Button>
    </li>
  );
}

/** The cases waiting for the staff member, each a link to its case file, with their empty and error states. */
export function StaffQueues({ user }: { user: Staff }) {
  const work = useDisputeWorkload();
  const admin = useAdminWaiting(user.role === 'admin');
  const w = work.data;
  if (work.isError) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
          <ShieldAlert className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium text-brand-ink">What waits for you could not be loaded</p>
          <p className="text-sm text-muted-foreground">Reload the page to try again.</p>
        </CardContent>
      </Card>
    );
  }
  const common = { loading: work.isLoading };
  if (user.role === 'admin') {
    return (
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Needs Your Attention</CardTitle>
            <CardDescription>Background jobs that gave up and applications to review.</CardDescription>
          </CardHeader>
          <CardContent>
            {admin.loading ? (
              <Skeleton className="h-24 w-full" />
            ) : admin.failed ? (
              <p className="text-sm text-destructive">
                These figures could not be loaded. Reload the page to try again.
              </p>
            ) : (
              <ul className="divide-y rounded-lg border">
                <TaskRow
                  label={admin.failedJobs === 1 ? 'failed job' : 'failed jobs'}
                  count={admin.failedJobs ?? 0}
                  href="/admin-dashboard?tab=system"
                  action="Open System"
                />
                <TaskRow
                  label={admin.pendingApplications === 1 ? 'moderator application' : 'moderator applications'}
                  count={admin.pendingApplications ?? 0}
                  href="/admin-dashboard"
                  action="Review Applications"
                />
              </ul>
            )}
          </CardContent>
        </Card>
        <QueueCard
          title="Second Reviews"
          description="Decisions on large amounts wait for you to approve or send back before any money moves."
          group={w?.secondReview}
          empty="No decision waits for a second review."
          {...common}
        />
        <QueueCard
          title="Escalated & Overdue Cases"
          description="Cases no moderator took in time, and decisions past their deadline."
          group={w?.pastDeadline}
          empty="Every case is within its deadline."
          {...common}
        />
      </div>
    );
  }
  const queue = { href: '/moderator-dashboard', label: 'Open the Moderator Dashboard' };
  return (
    <div className="space-y-6">
      <QueueCard
        title="Your Open Cases"
        description="Cases you have taken, most urgent first."
        group={w?.mine}
        empty="You have no open cases. Take one from the queue."
        more={queue}
        footer={
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            <span>
              {w?.unassigned ?? 0} {w?.unassigned === 1 ? 'case waits' : 'cases wait'} for a moderator.
            </span>
            <Link href="/moderator-dashboard" className="font-medium text-primary hover:underline">
              Open the queue
            </Link>
          </p>
        }
        {...common}
      />
      <QueueCard
        title="Past a Deadline"
        description="Unassigned cases past the time to be taken, and your cases past their decision deadline."
        group={w?.pastDeadline}
        empty="Nothing is past its deadline."
        more={queue}
        {...common}
      />
      <QueueCard
        title="Second Reviews"
        description="Other moderators’ decisions on large amounts, waiting for a second pair of eyes."
        group={w?.secondReview}
        empty="No decision waits for your review."
        more={queue}
        {...common}
      />
    </div>
  );
}
