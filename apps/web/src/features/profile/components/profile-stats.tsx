import { CheckCircle2, ListChecks, Star, TrendingUp } from 'lucide-react';
import type { TPublicProfile } from '@holdfast/contracts';
import { StatCard } from '@/components/stat-card';
import { NO_FINISHED_DEALS, successRateText } from '@/lib/format';
import { cn } from '@/lib/utils';
import { reviewsLine, successRateTone } from '../lib/display';

const RATE_COLOURS = { green: 'text-emerald-700', yellow: 'text-yellow-700', red: 'text-red-700' } as const;

/** Total Transactions, Completed, Success Rate (coloured by the spec's thresholds) and the reviews received. */
export function ProfileStats({ profile }: { profile: TPublicProfile }) {
  const { totalTransactions, completed, successRate } = profile.stats;
  const { count, averageRating } = profile.reviews;
  return (
    <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Transactions" value={totalTransactions} icon={<ListChecks />} tone="teal" />
      <StatCard label="Completed" value={completed} icon={<CheckCircle2 />} tone="emerald" />
      <StatCard
        label="Success Rate"
        value={
          successRate === null ? (
            <span className="text-base leading-snug font-semibold text-muted-foreground">{NO_FINISHED_DEALS}</span>
          ) : (
            <span className={cn(RATE_COLOURS[successRateTone(successRate)])}>{successRateText(successRate)}</span>
          )
        }
        hint="Of finished deals: pending and declined ones never count"
        icon={<TrendingUp />}
        tone="violet"
      />
      <StatCard
        label="Average Rating"
        value={averageRating === null ? '—' : `${averageRating.toFixed(1)} / 5`}
        hint={reviewsLine(count, averageRating)}
        icon={<Star />}
        tone="amber"
      />
    </section>
  );
}
