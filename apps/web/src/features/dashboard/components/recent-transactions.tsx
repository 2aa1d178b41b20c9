import { Link } from 'wouter';
import { ArrowLeftRight, ChevronRight, Inbox } from 'lucide-react';
import type { TTransaction, TUser } from '@holdfast/contracts';
import { canCreateTransactions } from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TransactionStatusBadge } from '@/components/status-badge';
import { displayName, formatDate, formatMoney } from '@/lib/format';

/** The other party, from the viewer's role as the server answered it. */
function counterparty(tx: TTransaction): string {
  if (tx.viewerRole === 'buyer')
    return tx.seller ? displayName({ ...tx.seller, email: tx.sellerEmail }) : tx.sellerEmail;
  return displayName(tx.buyer);
}

interface RecentTransactionsProps {
  user: TUser;
  transactions: TTransaction[];
  loading: boolean;
  failed: boolean;
}

export function RecentTransactions({ user, transactions, loading, failed }: RecentTransactionsProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>Recent Transactions</CardTitle>
          <CardDescription>Your 5 latest escrow deals.</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href="/transactions">
            View all <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <ul className="space-y-3" aria-label="Loading transactions">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="flex items-center gap-4 rounded-lg border p-4">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
                <Skeleton className="h-5 w-20" />
              </li>
            ))}
          </ul>
        ) : failed ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
            Your transactions could not be loaded right now. Please try again later.
          </p>
        ) : transactions.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
            <Inbox className="size-10 text-muted-foreground/60" aria-hidden="true" />
            <div>
              <p className="font-medium text-brand-ink">No transactions yet</p>
              <p className="text-sm text-muted-foreground">
                {canCreateTransactions(user.role)
                  ? 'Create an escrow transaction to pay a seller safely.'
                  : 'Transactions where you are the seller will appear here.'}
              </p>
            </div>
            {canCreateTransactions(user.role) && (
              <Button asChild size="sm">
                <Link href="/create-transaction">New Transaction</Link>
              </Button>
            )}
          </div>
        ) : (
          <ul className="divide-y rounded-lg border">
            {transactions.map((tx) => (
              <li key={tx.id}>
                <Link
                  href={`/transactions/${tx.id}`}
                  className="flex flex-col gap-2 p-4 transition-colors hover:bg-accent/60 sm:flex-row sm:items-center sm:gap-4"
                >
                  <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:flex">
                    <ArrowLeftRight className="size-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-brand-ink">{tx.description}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {tx.viewerRole === 'buyer' ? 'Seller' : 'Buyer'}: {counterparty(tx)} · {formatDate(tx.createdAt)}
                    </span>
                  </span>
                  <span className="flex items-center justify-between gap-3 sm:justify-end">
                    <span className="text-sm font-semibold text-brand-ink">{formatMoney(tx.amount, tx.currency)}</span>
                    <TransactionStatusBadge status={tx.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
