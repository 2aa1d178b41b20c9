import * as React from 'react';
import { Link } from 'wouter';
import { ArrowLeftRight, Inbox, Plus } from 'lucide-react';
import { canCreateTransactions } from '@holdfast/contracts/constants';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { humanize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { LoadMore } from '@/components/load-more';
import { flattenPages } from '@/lib/paging';
import { useTransactionPages, useTransactionStats } from '@/lib/queries/get-transactions';
import { useUser } from '@/lib/auth';
import { TransactionCard } from '../components/transaction-card';
import { TRANSACTION_FILTERS, filterCounts, type TransactionFilter } from '../lib/filters';

export function TransactionsPage() {
  const { user } = useUser();
  const mayCreate = !!user && canCreateTransactions(user.role);
  const [filter, setFilter] = React.useState<TransactionFilter>('all');
  // The server filters and pages; the counts come from the server too, so they count every
  // transaction, not only the pages loaded so far.
  const transactions = useTransactionPages(filter === 'all' ? undefined : filter);
  const stats = useTransactionStats();
  const shown = flattenPages(transactions.data?.pages);
  const counts = filterCounts(stats.data);

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Track and manage your escrow transactions."
        icon={<ArrowLeftRight />}
        actions={
          mayCreate && (
            <Button asChild>
              <Link href="/create-transaction">
                <Plus aria-hidden="true" /> New Transaction
              </Link>
            </Button>
          )
        }
      />

      <div role="group" aria-label="Filter transactions" className="-mx-1 mb-6 flex flex-wrap gap-2 px-1 pb-1">
        {TRANSACTION_FILTERS.map((f) => (
          <Button
            key={f}
            variant={filter === f ? 'default' : 'outline'}
            size="sm"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className="shrink-0"
          >
            {humanize(f)}
            <Badge
              variant={filter === f ? 'secondary' : 'muted'}
              className={cn('min-w-6 px-1.5', filter === f && 'bg-primary-foreground/20 text-primary-foreground')}
            >
              {counts[f]}
            </Badge>
          </Button>
        ))}
      </div>

      {transactions.isLoading ? (
        <div className="space-y-4" aria-label="Loading transactions">
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i}>
              <CardContent className="space-y-3 p-6">
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-16 w-full" />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : transactions.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="font-medium text-brand-ink">Your transactions could not be loaded</p>
            <p className="text-sm text-muted-foreground">
              {errorMessage(transactions.error, 'Please try again in a moment.')}
            </p>
            <Button variant="outline" onClick={() => transactions.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : shown.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Inbox className="size-10 text-muted-foreground/60" aria-hidden="true" />
            <div>
              <p className="font-medium text-brand-ink">No transactions found</p>
              <p className="text-sm text-muted-foreground">
                {filter === 'all'
                  ? 'Start an escrow transaction to pay a seller safely.'
                  : `You have no ${filter} transactions.`}
              </p>
            </div>
            {filter === 'all' && mayCreate && (
              <Button asChild>
                <Link href="/create-transaction">Create Your First Transaction</Link>
              </Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="space-y-4" aria-label="Transactions">
            {shown.map((tx) => (
              <li key={tx.id}>
                <TransactionCard tx={tx} showDetailsLink />
              </li>
            ))}
          </ul>
          <LoadMore
            hasNextPage={transactions.hasNextPage}
            isFetchingNextPage={transactions.isFetchingNextPage}
            fetchNextPage={() => transactions.fetchNextPage()}
            label="Load more transactions"
          />
        </>
      )}
    </>
  );
}
