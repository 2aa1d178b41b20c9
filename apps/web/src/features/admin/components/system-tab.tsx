import { RefreshCw } from 'lucide-react';
import { ADMIN_JOB_STATES, JOB_LANES, type TAdminJobState, type TAdminJobSummary } from '@holdfast/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { flattenPages } from '@/lib/paging';
import { cn } from '@/lib/utils';
import { useFailedJobs } from '../api/get-failed-jobs';
import { ADMIN_JOBS_KEY, useJobSummary } from '../api/get-job-summary';
import { FailedJobCard } from './failed-job-card';
import { LANE_DESCRIPTIONS, LANE_LABELS } from '../lib/job-labels';

const STATE_LABELS: Record<TAdminJobState, string> = {
  queued: 'Queued',
  running: 'Running',
  failed: 'Failed',
  cancelled: 'Cancelled',
  done: 'Done',
};

/** The admin dashboard's System tab: the failed jobs first (what an alert leads to), then every job by lane, kind and state. */
export function SystemTab() {
  const queryClient = useQueryClient();
  const summary = useJobSummary();
  const failed = useFailedJobs();
  const jobs = flattenPages(failed.data?.pages);
  const refreshing = summary.isFetching || (failed.isFetching && !failed.isFetchingNextPage);

  return (
    <div className="grid gap-8">
      <section aria-labelledby="failed-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="failed-heading" className="text-lg font-semibold">
            Failed jobs
          </h2>
          {/* Nothing here polls (the app never does): the admin asks for the latest. */}
          <Button
            variant="outline"
            onClick={() => void queryClient.invalidateQueries({ queryKey: ADMIN_JOBS_KEY })}
            disabled={refreshing}
          >
            <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} /> Refresh
          </Button>
        </div>
        {failed.isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : failed.isError ? (
          <Message text="The failed jobs could not be loaded. Refresh to try again." />
        ) : jobs.length ? (
          <div className="grid gap-4">
            {jobs.map((job) => (
              <FailedJobCard key={job.id} job={job} />
            ))}
            <LoadMore
              hasNextPage={failed.hasNextPage}
              isFetchingNextPage={failed.isFetchingNextPage}
              fetchNextPage={failed.fetchNextPage}
              label="Load more failed jobs"
            />
          </div>
        ) : (
          <Message text="No failed jobs" />
        )}
      </section>
      <section aria-labelledby="ledger-heading" className="grid gap-4">
        <h2 id="ledger-heading" className="text-lg font-semibold">
          Ledger check
        </h2>
        {summary.isLoading ? (
          <Skeleton className="h-20 w-full" />
        ) : summary.isError || !summary.data ? (
          <Message text="The ledger check's result could not be loaded. Refresh to try again." />
        ) : (
          <LedgerCheck check={summary.data.ledgerCheck} />
        )}
      </section>
      <section aria-labelledby="jobs-heading" className="grid gap-4">
        <div>
          <h2 id="jobs-heading" className="text-lg font-semibold">
            Background jobs
          </h2>
          <p className="text-sm text-muted-foreground">
            Each lane runs its own jobs, so money never waits behind email. Running: held by a server right now; done
            jobs are kept for 30 days.
          </p>
        </div>
        {summary.isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : summary.isError || !summary.data ? (
          <Message text="The job counts could not be loaded. Refresh to try again." />
        ) : (
          <JobCounts summary={summary.data} />
        )}
      </section>
    </div>
  );
}

/** The daily ledger check's last result: every balance and entry adds up, or what does not. */
function LedgerCheck({ check }: { check: TAdminJobSummary['ledgerCheck'] }) {
  if (!check)
    return <Message text="Not run yet: the ledger is checked every day at 03:00 UTC (or run npm run ledger:check)." />;
  return (
    <Card className={cn(!check.ok && 'border-red-300')}>
      <CardContent className="grid gap-2 py-4 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              'rounded-md px-2 py-0.5 text-xs font-semibold',
              check.ok ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800',
            )}
          >
            {check.ok ? 'Passed' : 'Failed'}
          </span>
          <span className="text-muted-foreground">Last run {formatDateTime(check.finishedAt)}</span>
        </p>
        {check.ok ? (
          <p>Every balance matches its postings and every entry balances.</p>
        ) : (
          <>
            <p>
              {check.problemCount} {check.problemCount === 1 ? 'problem' : 'problems'} found. See “When the ledger check
              fails” in docs/operations.md before anything else moves money.
            </p>
            <ul className="list-disc pl-5 font-mono text-xs [overflow-wrap:anywhere]">
              {check.problems.map((problem, i) => (
                <li key={i}>{problem}</li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Per lane, each kind's jobs in every state; failed ones stand out. */
function JobCounts({ summary }: { summary: TAdminJobSummary }) {
  const lanes = [...JOB_LANES, null] as const;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {lanes.map((lane) => {
        const kinds = summary.kinds.filter((k) => k.lane === lane);
        if (!kinds.length) return null;
        const title = lane ? LANE_LABELS[lane] : 'Other kinds';
        return (
          <Card key={lane ?? 'other'} className="min-w-0">
            <CardHeader className="pb-3">
              <CardTitle className="text-base">{title}</CardTitle>
              <CardDescription>
                {lane ? LANE_DESCRIPTIONS[lane] : 'Left by another version; no lane runs them.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-4" aria-label={`${title} jobs`}>
                {kinds.map(({ kind, counts }) => (
                  <li key={kind} className="min-w-0">
                    <p className="font-mono text-sm font-medium [overflow-wrap:anywhere]">{kind}</p>
                    <dl className="mt-1.5 flex flex-wrap gap-1.5">
                      {ADMIN_JOB_STATES.map((state) => (
                        <div
                          key={state}
                          className={cn(
                            'flex items-baseline gap-1 rounded-md px-2 py-0.5 text-xs',
                            counts[state] === 0
                              ? 'bg-muted text-muted-foreground'
                              : state === 'failed'
                                ? 'bg-red-100 text-red-800'
                                : 'bg-secondary text-secondary-foreground',
                          )}
                        >
                          <dt>{STATE_LABELS[state]}</dt>
                          <dd className="font-semibold tabular-nums">{counts[state]}</dd>
                        </div>
                      ))}
                    </dl>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

function Message({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="py-10 text-center text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  );
}
