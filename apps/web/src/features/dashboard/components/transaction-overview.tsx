import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardStats } from '../lib/stats';

const ROWS = [
  { key: 'pending', label: 'Pending', bar: 'bg-amber-400' },
  { key: 'active', label: 'Active', bar: 'bg-sky-500' },
  { key: 'completed', label: 'Completed', bar: 'bg-emerald-500' },
  { key: 'disputed', label: 'Disputed', bar: 'bg-red-500' },
] as const;

export function TransactionOverview({ stats, loading }: { stats: DashboardStats; loading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Transaction Overview</CardTitle>
        <CardDescription>Where your deals stand right now.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {ROWS.map((row) => {
          const value = stats[row.key];
          const width = stats.total ? Math.round((value / stats.total) * 100) : 0;
          return (
            <div key={row.key}>
              <div className="mb-1.5 flex items-center justify-between text-sm">
                <span className="text-muted-foreground">{row.label}</span>
                {loading ? (
                  <Skeleton className="h-4 w-6" />
                ) : (
                  <span className="font-semibold text-brand-ink">{value}</span>
                )}
              </div>
              <div
                className="h-2 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-label={`${row.label} transactions`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={width}
              >
                <div className={`h-full rounded-full ${row.bar}`} style={{ width: `${width}%` }} />
              </div>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
