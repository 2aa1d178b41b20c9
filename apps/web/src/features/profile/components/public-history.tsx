import { History } from 'lucide-react';
import { PROFILE_MESSAGES as M, type TPublicTransaction } from '@holdfast/contracts';
import { TransactionStatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatMoney } from '@/lib/format';
import { dealLine } from '../lib/display';

interface PublicHistoryProps {
  transactions: TPublicTransaction[] | undefined;
  loading: boolean;
  failed: boolean;
}

/** 'Public Transaction History': the owner's transactions when made public, else the spec's empty state. */
export function PublicHistory({ transactions, loading, failed }: PublicHistoryProps) {
  const list = transactions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Public Transaction History</CardTitle>
        <CardDescription>Transactions this user chose to show publicly, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : failed ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
            {M.fetchTransactionsFailed}
          </p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
            <History className="size-10 text-muted-foreground/60" aria-hidden="true" />
            <div>
              <h3 className="font-medium text-brand-ink">No Public Transactions</h3>
              <p className="text-sm text-muted-foreground">This user hasn&apos;t made any transactions public yet.</p>
            </div>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border">
            {list.map((t) => (
              <li key={t.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-words text-brand-ink">{t.description}</p>
                  <p className="text-sm text-muted-foreground">
                    {dealLine(t)} · {formatDate(t.createdAt)}
                    {t.completedAt && <> · completed {formatDate(t.completedAt)}</>}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2 sm:flex-col sm:items-end">
                  <span className="font-semibold whitespace-nowrap text-brand-ink tabular-nums">
                    {formatMoney(t.amount, t.currency)}
                  </span>
                  <TransactionStatusBadge status={t.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
