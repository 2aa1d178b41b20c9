import { Gavel, Inbox } from 'lucide-react';
import type { TDecisionFigures } from '@holdfast/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useModeratorStats } from '@/lib/queries/moderator-stats';
import { formatDuration } from '@/lib/duration';

const OUTCOMES = [
  ['Released', 'releasedPercent'],
  ['Refunded', 'refundedPercent'],
  ['Split', 'splitPercent'],
] as const;

function Figures({ f }: { f: TDecisionFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
      <div>
        <dt className="text-muted-foreground">Cases decided</dt>
        <dd className="text-lg font-semibold text-brand-ink tabular-nums">{f.decided}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Median time to decision</dt>
        <dd className="text-lg font-semibold text-brand-ink tabular-nums">
          {formatDuration(f.medianSecondsToDecision)}
        </dd>
      </div>
      {OUTCOMES.map(([label, key]) => (
        <div key={key}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold text-brand-ink tabular-nums">{f[key]}%</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /moderators: the public record of how disputes end on Holdfast, for the platform and per moderator by
 * display name, over the last 90 days.
 */
export function ModeratorsPage() {
  const stats = useModeratorStats();
  const s = stats.data;
  return (
    <div className="mx-auto max-w-5xl min-w-0 space-y-8">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Gavel className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">Our moderators</h1>
          <p className="mt-1 text-muted-foreground">
            How disputes were decided in the last {s?.windowDays ?? 90} days: how many, how fast, and how they ended.
          </p>
        </div>
      </div>
      {stats.isLoading ? (
        <Spinner />
      ) : !s ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(stats.error, 'Failed to load the figures')}
        </p>
      ) : s.platform.decided === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No cases decided in the last {s.windowDays} days</p>
        </div>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>The platform</CardTitle>
              <CardDescription>Every case resolved, those the parties settled by agreement included.</CardDescription>
            </CardHeader>
            <CardContent>
              <Figures f={s.platform} />
            </CardContent>
          </Card>
          <section aria-labelledby="per-moderator" className="space-y-3">
            <h2 id="per-moderator" className="text-lg font-semibold text-brand-ink">
              Per moderator
            </h2>
            {s.moderators.length === 0 ? (
              <p className="text-sm text-muted-foreground">Every case in this period was settled by agreement.</p>
            ) : (
              <ul className="grid gap-3">
                {s.moderators.map((m, i) => (
                  <li key={`${m.name}-${i}`}>
                    <Card>
                      <CardHeader className="pb-2">
                        <CardTitle className="text-base break-words">{m.name}</CardTitle>
                      </CardHeader>
                      <CardContent>
                        <Figures f={m} />
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
