import * as React from 'react';
import { Link } from 'wouter';
import { CheckCircle2, ChevronRight, History, PieChart, Search, Timer } from 'lucide-react';
import { DISPUTE_RESOLUTION_LABELS, DISPUTE_HISTORY_SEARCH_MAX_LENGTH, type TResolvedCase } from '@holdfast/contracts';
import { LoadMore } from '@/components/load-more';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatDuration } from '@/lib/duration';
import { displayName, formatDateTime, formatMoney } from '@/lib/format';
import { flattenPages } from '@/lib/paging';
import { useDecisionRecord, useDisputeHistory } from '@/lib/queries/staff-disputes';
import { useDebounced } from '@/lib/use-debounced';

/** Decided figures above the list: the moderator's own, or the platform's for an admin (all time). */
function Figures() {
  const record = useDecisionRecord();
  const r = record.data;
  const own = r?.scope !== 'platform';
  const loading = record.isLoading;
  if (record.isError)
    return <p className="text-sm text-destructive">{errorMessage(record.error, 'The figures could not be loaded.')}</p>;
  return (
    <section aria-label={own ? 'Your decisions' : 'All decisions'} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        label={own ? 'Cases You Decided' : 'Cases Decided'}
        value={r?.decided ?? 0}
        hint={own ? 'All time' : 'All time, settled by agreement included'}
        icon={<CheckCircle2 />}
        tone="emerald"
        loading={loading}
      />
      <StatCard
        label="Median Time to Decision"
        value={formatDuration(r?.medianSecondsToDecision ?? null)}
        hint="From the dispute’s opening to its decision"
        icon={<Timer />}
        tone="sky"
        loading={loading}
      />
      <StatCard
        label="Released · Refunded · Split"
        value={r ? `${r.releasedPercent}% · ${r.refundedPercent}% · ${r.splitPercent}%` : '—'}
        hint="How the cases ended"
        icon={<PieChart />}
        tone="violet"
        loading={loading}
      />
    </section>
  );
}

function Outcome({ c }: { c: TResolvedCase }) {
  const label = c.settledByAgreement ? 'Settled by agreement' : c.resolution && DISPUTE_RESOLUTION_LABELS[c.resolution];
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge variant={c.settledByAgreement ? 'info' : 'success'}>{label}</Badge>
      {c.refundAmount && <Badge variant="muted">Refund {formatMoney(c.refundAmount, c.currency)}</Badge>}
    </span>
  );
}

function HistoryRow({ c, showDecider }: { c: TResolvedCase; showDecider: boolean }) {
  return (
    <li>
      <Link
        href={`/moderator/cases/${c.id}`}
        className="flex flex-col gap-2 p-4 transition-colors hover:bg-accent/60 sm:flex-row sm:items-center sm:gap-4"
      >
        <span className="min-w-0 flex-1 space-y-1">
          <span className="block font-medium break-words text-brand-ink">{c.description}</span>
          <span className="block text-xs break-words text-muted-foreground">
            Case #{c.id.slice(0, 8)} · Buyer: {displayName(c.buyer)} · Seller: {displayName(c.seller)}
          </span>
          <span className="block text-xs text-muted-foreground">
            Decided <time dateTime={c.resolvedAt}>{formatDateTime(c.resolvedAt)}</time>
            {showDecider && c.decidedBy && ` by ${c.decidedBy.name}`}
          </span>
        </span>
        <span className="flex shrink-0 flex-wrap items-center justify-between gap-2 sm:flex-col sm:items-end">
          <span className="text-sm font-semibold text-brand-ink tabular-nums">
            {formatMoney(c.disputedAmount, c.currency)}
          </span>
          <Outcome c={c} />
        </span>
        <ChevronRight className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden="true" />
      </Link>
    </li>
  );
}

/**
 * Resolved cases (the moderator dashboard's History tab, the admin's Cases tab): the staff member's figures,
 * a search by description, party or case id, and the cases a page at a time, each opening its case file.
 * A moderator sees what they decided, an admin every resolved case (the server decides which).
 */
export function CaseHistory({ showDecider = false }: { showDecider?: boolean }) {
  const [text, setText] = React.useState('');
  const q = useDebounced(text.trim());
  const history = useDisputeHistory(q);
  const rows = flattenPages(history.data?.pages);
  const searchId = React.useId();

  return (
    <div className="space-y-6">
      <Figures />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <History className="size-5 text-primary" aria-hidden="true" />
            Resolved Cases
          </CardTitle>
          <CardDescription>The latest decision first. Open a case to read its whole file.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <form role="search" className="space-y-2" onSubmit={(e) => e.preventDefault()}>
            <Label htmlFor={searchId}>Search resolved cases</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id={searchId}
                type="search"
                value={text}
                maxLength={DISPUTE_HISTORY_SEARCH_MAX_LENGTH}
                onChange={(e) => setText(e.target.value)}
                placeholder="Description, name, email or case #"
                className="pl-9"
                autoComplete="off"
              />
            </div>
          </form>
          {history.isLoading ? (
            <div className="space-y-2" aria-busy="true" aria-label="Loading resolved cases">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : history.isError ? (
            <p className="text-sm text-destructive">
              {errorMessage(history.error, 'The resolved cases could not be loaded.')}
            </p>
          ) : rows.length === 0 ? (
            <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
              {q ? `No resolved case matches “${q}”.` : 'No resolved cases yet. Decided cases appear here.'}
            </p>
          ) : (
            <>
              <ul className="divide-y rounded-lg border" aria-label="Resolved cases">
                {rows.map((c) => (
                  <HistoryRow key={c.id} c={c} showDecider={showDecider} />
                ))}
              </ul>
              <LoadMore
                hasNextPage={history.hasNextPage}
                isFetchingNextPage={history.isFetchingNextPage}
                fetchNextPage={() => history.fetchNextPage()}
                label="Load more cases"
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
