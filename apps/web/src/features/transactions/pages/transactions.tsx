import * as React from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeftRight, Inbox, Plus, X } from 'lucide-react';
import { canCreateTransactions } from '@holdfast/contracts/constants';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { humanize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { LoadMore } from '@/components/load-more';
import { flattenPages } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { useTransactionPages, useTransactionStats } from '@/lib/queries/get-transactions';
import { useUser } from '@/lib/auth';
import { ListToolbar } from '../components/list-toolbar';
import { TransactionListHeader, TransactionRow, TransactionRowSkeletons } from '../components/transaction-row';
import { TRANSACTION_FILTERS, filterCounts } from '../lib/filters';
import {
  NO_FILTERS,
  apiParams,
  filtersFromSearch,
  filtersToSearch,
  isNarrowed,
  type ListFilters,
} from '../lib/list-filters';

/**
 * /transactions: every deal of the caller as a compact row (counterparty, description, amount, status,
 * next step, date) that opens its page, where the actions live. The server searches, sorts, narrows and
 * pages (a cursor per page, the next loaded on scroll); the status buttons' counts are the server's
 * counts of the whole history. What is shown is kept in the address, so Back from a deal returns to it.
 */
export function TransactionsPage() {
  const { user } = useUser();
  const mayCreate = !!user && canCreateTransactions(user.role);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [filters, setFilters] = React.useState<ListFilters>(() => filtersFromSearch(search));
  // Typing settles before the server is asked; the buttons, the sort and the dates ask at once.
  // (Each a string: a new object every render would never settle.)
  const q = useDebounced(filters.q);
  const minAmount = useDebounced(filters.minAmount);
  const maxAmount = useDebounced(filters.maxAmount);
  const params = apiParams({ ...filters, q, minAmount, maxAmount });
  const transactions = useTransactionPages(params);
  const stats = useTransactionStats();
  const shown = flattenPages(transactions.data?.pages);
  const counts = filterCounts(stats.data);
  const narrowed = isNarrowed(filters);

  const query = filtersToSearch(filters);
  React.useEffect(() => {
    const target = query ? `/transactions?${query}` : '/transactions';
    if (`${window.location.pathname}${window.location.search}` !== target) navigate(target, { replace: true });
  }, [query, navigate]);

  const change = (c: Partial<ListFilters>) => setFilters((f) => ({ ...f, ...c }));
  const clear = () => setFilters((f) => ({ ...NO_FILTERS, status: f.status }));

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

      <div role="group" aria-label="Filter transactions" className="-mx-1 mb-4 flex flex-wrap gap-2 px-1 pb-1">
        {TRANSACTION_FILTERS.map((f) => (
          <Button
            key={f}
            variant={filters.status === f ? 'default' : 'outline'}
            size="sm"
            aria-pressed={filters.status === f}
            onClick={() => change({ status: f })}
            className="shrink-0"
          >
            {humanize(f)}
            <Badge
              variant={filters.status === f ? 'secondary' : 'muted'}
              className={cn(
                'min-w-6 px-1.5',
                filters.status === f && 'bg-primary-foreground/20 text-primary-foreground',
              )}
            >
              {counts[f]}
            </Badge>
          </Button>
        ))}
      </div>

      <ListToolbar filters={filters} onChange={change} onClear={clear} />

      {/* At least most of a screen tall, so the footer stays below the fold while the rows arrive and
          nothing visible moves when a short list replaces its placeholders (layout shift). */}
      <div className="min-h-[60vh]">
        {transactions.isLoading ? (
          <Card className="overflow-hidden py-0">
            <TransactionListHeader />
            <TransactionRowSkeletons />
          </Card>
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
                  {narrowed
                    ? 'None match your search and filters.'
                    : filters.status === 'all'
                      ? 'Start an escrow transaction to pay a seller safely.'
                      : `You have no ${filters.status} transactions.`}
                </p>
              </div>
              <div className="flex flex-wrap justify-center gap-2">
                {narrowed && (
                  <Button variant="outline" onClick={clear}>
                    <X aria-hidden="true" /> Clear filters
                  </Button>
                )}
                {filters.status === 'all' && !narrowed && mayCreate && (
                  <Button asChild>
                    <Link href="/create-transaction">Create Your First Transaction</Link>
                  </Button>
                )}
              </div>
            </CardContent>
          </Card>
        ) : (
          <>
            <Card
              className={cn('overflow-hidden py-0 transition-opacity', transactions.isPlaceholderData && 'opacity-60')}
            >
              <TransactionListHeader />
              <ul className="divide-y" aria-label="Transactions">
                {shown.map((tx) => (
                  <li key={tx.id}>
                    <TransactionRow tx={tx} />
                  </li>
                ))}
              </ul>
            </Card>
            <p className="mt-3 text-sm text-muted-foreground" role="status">
              {shown.length === 1 ? '1 transaction shown' : `${shown.length} transactions shown`}
              {transactions.hasNextPage ? ', more below' : ''}
            </p>
            <LoadMore
              hasNextPage={transactions.hasNextPage}
              isFetchingNextPage={transactions.isFetchingNextPage}
              fetchNextPage={() => transactions.fetchNextPage()}
              label="Load more transactions"
            />
          </>
        )}
      </div>
    </>
  );
}
