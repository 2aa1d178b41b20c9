import * as React from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface StatCardProps {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  icon: React.ReactNode;
  tone?: 'teal' | 'sky' | 'emerald' | 'amber' | 'violet';
  loading?: boolean;
  /** Smaller on a phone (the dashboard's grid of two: every card within one screen). */
  dense?: boolean;
  className?: string;
}

const TONES = {
  teal: 'bg-teal-100 text-teal-700',
  sky: 'bg-sky-100 text-sky-700',
  emerald: 'bg-emerald-100 text-emerald-700',
  amber: 'bg-amber-100 text-amber-700',
  violet: 'bg-violet-100 text-violet-700',
};

export function StatCard({ label, value, hint, icon, tone = 'teal', loading, dense, className }: StatCardProps) {
  return (
    <Card className={className}>
      <CardContent className={cn('flex items-start justify-between gap-3 p-5', dense && 'gap-2 p-3 sm:gap-3 sm:p-5')}>
        <div className="min-w-0">
          <p className={cn('text-sm font-medium text-muted-foreground', dense && 'text-xs sm:text-sm')}>{label}</p>
          {loading ? (
            <Skeleton className={cn('mt-2 h-8 w-20', dense && 'h-7 sm:h-8')} />
          ) : (
            <p
              className={cn(
                'mt-1 text-xl font-bold tracking-tight break-words text-brand-ink tabular-nums',
                dense && 'text-lg sm:text-xl',
              )}
            >
              {value}
            </p>
          )}
          {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
        </div>
        <div
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5',
            dense && 'size-8 sm:size-10 [&_svg]:size-4 sm:[&_svg]:size-5',
            TONES[tone],
          )}
        >
          {icon}
        </div>
      </CardContent>
    </Card>
  );
}
