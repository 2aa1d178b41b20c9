import { Link, useLocation, useSearch } from 'wouter';
import { CheckCircle2, Clock, FolderOpen, Gavel, Inbox, Percent, ShieldAlert } from 'lucide-react';
import { DISPUTE_TYPE_LABELS, type TDispute, type TUser } from '@holdfast/contracts';
import { StatCard } from '@/components/stat-card';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NoticeCard } from '@/components/ui/notice-card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { DISPUTE_STATUS_LABELS, caseTotal, disputeSubject } from '@/lib/dispute-split';
import { formatDateTime, formatMoney, humanize } from '@/lib/format';
import { useDisputeStats, useModeratorDisputes } from '@/lib/queries/disputes';
import { LoadMore } from '@/components/load-more';
import { flattenPages } from '@/lib/paging';
import { AssignButton } from '../components/assign-button';
import { CaseDialog } from '../components/case-dialog';
import { ResolveDialog } from '../components/resolve-dialog';
import { SecondReviewCard } from '../components/second-review';
import { IdentityReviewsLink } from '../components/identity-reviews-link';
import { DisputeSplitNote } from '@/components/dispute-split-note';
import { CaseHistory } from '@/components/case-history/case-history';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const PRIORITY_VARIANTS: Record<TDispute['priority'], BadgeProps['variant']> = {
  high: 'danger',
  medium: 'warning',
  low: 'muted',
};

function DisputeRow({ dispute, moderator }: { dispute: TDispute; moderator: TUser }) {
  const money = caseTotal(dispute);
  const takenByOther = dispute.status === 'in_review' && dispute.moderatorId !== moderator.id;
  return (
    <li className="space-y-3 rounded-lg border p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words text-brand-ink">{disputeSubject(dispute)}</p>
          <p className="text-sm text-muted-foreground">
            {DISPUTE_TYPE_LABELS[dispute.type]} · opened by the {dispute.initiatedBy} ·{' '}
            {formatDateTime(dispute.createdAt)}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <span data-column="case-total" className="font-semibold whitespace-nowrap text-brand-ink">
            {money.stage && <span className="font-normal text-muted-foreground">{money.stage}: </span>}
            {formatMoney(money.total, dispute.transaction.currency)}
          </span>
          <Badge variant={PRIORITY_VARIANTS[dispute.priority]}>{humanize(dispute.priority)} priority</Badge>
          <Badge variant={dispute.status === 'open' ? 'info' : 'secondary'}>
            {DISPUTE_STATUS_LABELS[dispute.status]}
          </Badge>
          {/* The other party let the response deadline pass (server: disputes.step.ts). */}
          {dispute.step.noResponse && <Badge variant="warning">No response</Badge>}
        </div>
      </div>
      <DisputeSplitNote dispute={dispute} />
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line">{dispute.description}</p>
      {dispute.sentBackReason && (
        <p className="text-sm break-words text-muted-foreground">Sent back: {dispute.sentBackReason}</p>
      )}
      {dispute.openOffer && (
        <p className="text-sm text-muted-foreground">
          Open offer from the {dispute.openOffer.proposerRole}: refund{' '}
          {formatMoney(dispute.openOffer.refundAmount, dispute.transaction.currency)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <CaseDialog dispute={dispute} />
        <Button size="sm" variant="ghost" asChild>
          <Link href={`/moderator/cases/${dispute.id}`}>
            <FolderOpen aria-hidden="true" /> Case File
          </Link>
        </Button>
        <AssignButton dispute={dispute} moderatorId={moderator.id} />
        {dispute.secondReview ? (
          <span className="text-sm text-muted-foreground">Awaiting second review</span>
        ) : takenByOther ? (
          <span className="text-sm text-muted-foreground">Assigned to another moderator</span>
        ) : (
          <ResolveDialog dispute={dispute} />
        )}
      </div>
    </li>
  );
}

/** The tab in the address (?tab=history), so a link opens it; the active cases without one. */
function useTab(): ['active' | 'history', (tab: string) => void] {
  const [, navigate] = useLocation();
  const tab = new URLSearchParams(useSearch()).get('tab') === 'history' ? 'history' : 'active';
  const setTab = (next: string) =>
    navigate(next === 'history' ? '/moderator-dashboard?tab=history' : '/moderator-dashboard', { replace: true });
  return [tab, setTab];
}

function ModeratorDashboard({ user }: { user: TUser }) {
  const stats = useDisputeStats(true);
  const disputes = useModeratorDisputes(true);
  const [tab, setTab] = useTab();
  const s = stats.data;
  const list = flattenPages(disputes.data?.pages);
  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Gavel className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">Moderator Dashboard</h1>
            <p className="mt-1 text-muted-foreground">Review disputes and give final decisions.</p>
          </div>
        </div>
        <IdentityReviewsLink />
      </div>
      <section aria-label="Dispute statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Open Disputes"
          value={s?.openDisputes ?? 0}
          icon={<ShieldAlert />}
          tone="amber"
          loading={stats.isLoading}
        />
        <StatCard
          label="Pending Review"
          value={s?.pendingReview ?? 0}
          icon={<Clock />}
          tone="sky"
          loading={stats.isLoading}
        />
        <StatCard
          label="Resolved Today"
          value={s?.resolvedToday ?? 0}
          icon={<CheckCircle2 />}
          tone="emerald"
          loading={stats.isLoading}
        />
        <StatCard
          label="Resolution Rate"
          value={`${s?.resolutionRate ?? 0}%`}
          icon={<Percent />}
          tone="violet"
          loading={stats.isLoading}
        />
      </section>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="active">Active Cases</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="active" className="space-y-8">
          <SecondReviewCard disputes={list} user={user} />
          <Card>
            <CardHeader>
              <CardTitle>Active Dispute Cases</CardTitle>
              <CardDescription>Most urgent first. Take an open case, read it, then decide.</CardDescription>
            </CardHeader>
            <CardContent>
              {disputes.isLoading ? (
                <Spinner />
              ) : disputes.isError ? (
                <p className="text-sm text-destructive">{errorMessage(disputes.error, 'Failed to load disputes')}</p>
              ) : list.length === 0 ? (
                <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
                  <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
                  <p className="font-medium">No active disputes</p>
                </div>
              ) : (
                <>
                  <ul className="space-y-3">
                    {list.map((d) => (
                      <DisputeRow key={d.id} dispute={d} moderator={user} />
                    ))}
                  </ul>
                  <LoadMore
                    hasNextPage={disputes.hasNextPage}
                    isFetchingNextPage={disputes.isFetchingNextPage}
                    fetchNextPage={() => disputes.fetchNextPage()}
                    label="Load more disputes"
                  />
                </>
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="history">
          <CaseHistory />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** /moderator-dashboard: moderators only (spec: 'Access Denied - Only moderators can access this dashboard.'). */
export function ModeratorDashboardPage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <Spinner />;
  if (!user || user.role !== 'moderator') {
    return (
      <NoticeCard
        icon={<ShieldAlert />}
        tone="danger"
        title="Access Denied"
        description="Only moderators can access this dashboard."
        asPageTitle
        className="mt-8"
      >
        <Button asChild>
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </NoticeCard>
    );
  }
  return <ModeratorDashboard user={user} />;
}
