import { Link } from 'wouter';
import type { TTransaction } from '@holdfast/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { TransactionStatusBadge } from '@/components/status-badge';
import { displayName, formatDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { nextStep } from '../lib/next-step';

/**
 * One grid for the header and every row: on a phone each row is three short lines (who and how much,
 * what and its status, the next step and the date); from md up it is one line of six columns.
 */
const ROW_GRID =
  'grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 [grid-template-areas:"who_amount""desc_status""next_date"] ' +
  'md:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_8rem_6.5rem_minmax(0,12rem)_6.5rem] md:items-center md:gap-x-4 ' +
  'md:[grid-template-areas:"who_desc_amount_status_next_date"]';

/** The other party from the viewer's side: the seller's names once they have an account, else the address. */
function counterparty(tx: TTransaction): { role: string; name: string } {
  if (tx.viewerRole === 'seller') return { role: 'Buyer', name: displayName(tx.buyer) };
  const role = tx.type === 'service' ? 'Service provider' : 'Seller';
  return { role, name: tx.seller ? displayName({ ...tx.seller, email: tx.sellerEmail }) : tx.sellerEmail };
}

/** The visual column titles from md up (each row's link reads as a whole, so they are not announced). */
export function TransactionListHeader() {
  return (
    <div
      aria-hidden="true"
      className={cn(
        ROW_GRID,
        'hidden border-b px-4 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid',
      )}
    >
      <span className="[grid-area:who]">Counterparty</span>
      <span className="[grid-area:desc]">Description</span>
      <span className="text-right [grid-area:amount]">Amount</span>
      <span className="[grid-area:status]">Status</span>
      <span className="[grid-area:next]">Next step</span>
      <span className="text-right [grid-area:date]">Created</span>
    </div>
  );
}

/** A deal as one compact row that opens its page, where every action lives. */
export function TransactionRow({ tx }: { tx: TTransaction }) {
  const who = counterparty(tx);
  const next = nextStep(tx);
  return (
    <Link
      href={`/transactions/${tx.id}`}
      className={cn(
        ROW_GRID,
        'px-4 py-3 text-sm transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none',
        'focus-visible:ring-[3px] focus-visible:ring-ring/30 focus-visible:ring-inset',
      )}
    >
      <span className="min-w-0 truncate [grid-area:who]">
        <span className="sr-only">{who.role}: </span>
        <span className="font-medium text-brand-ink">{who.name}</span>
      </span>
      <span className="min-w-0 truncate text-muted-foreground [grid-area:desc] md:text-foreground">
        {tx.description}
      </span>
      <span
        data-column="amount"
        className="text-right font-semibold whitespace-nowrap text-brand-ink tabular-nums [grid-area:amount]"
      >
        {formatMoney(tx.amount, tx.currency)}
      </span>
      <span className="justify-self-end [grid-area:status] md:justify-self-start">
        <TransactionStatusBadge status={tx.status} />
      </span>
      <span
        className={cn(
          'flex min-w-0 items-center gap-1.5 text-xs [grid-area:next] md:text-sm',
          next.yours ? 'font-medium text-primary' : 'text-muted-foreground',
        )}
      >
        {next.yours && <span className="size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
        <span className="truncate">
          <span className="sr-only">{next.yours ? 'Your turn: ' : 'Next: '}</span>
          {next.text}
        </span>
      </span>
      <span className="text-right text-xs whitespace-nowrap text-muted-foreground [grid-area:date] md:text-sm">
        <span className="sr-only">Created </span>
        {formatDate(tx.createdAt)}
      </span>
    </Link>
  );
}

/** Rows' placeholders while the first page loads: the same height, so nothing jumps when it arrives. */
export function TransactionRowSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className="divide-y" aria-label="Loading transactions" role="status">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={cn(ROW_GRID, 'px-4 py-3')}>
          <Skeleton className="h-5 w-32 [grid-area:who]" />
          <Skeleton className="h-5 w-full [grid-area:desc]" />
          <Skeleton className="h-5 w-20 justify-self-end [grid-area:amount]" />
          <Skeleton className="h-5 w-16 justify-self-end [grid-area:status] md:justify-self-start" />
          <Skeleton className="h-4 w-28 [grid-area:next]" />
          <Skeleton className="h-4 w-20 justify-self-end [grid-area:date]" />
        </div>
      ))}
    </div>
  );
}
