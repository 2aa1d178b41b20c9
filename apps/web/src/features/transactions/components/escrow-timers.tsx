import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Hourglass, Undo2 } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { useNow } from '@/lib/use-now';
import { useCancelTransaction } from '../api/cancel-transaction';
import { hasArrived, releaseCountdown } from '../lib/timers';
import { ConfirmAction } from './confirm-action';

/** Pending with a deadline: when it cancels itself, and why (unfunded, or funded but not accepted). */
export function PendingDeadline({ tx }: { tx: TTransaction }) {
  if (!tx.cancelsAt) return null;
  const reason = tx.paymentStatus === 'succeeded' ? 'if the seller has not accepted' : 'if not funded';
  return (
    <p className="flex items-start gap-2 text-xs text-amber-900/80">
      <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Cancelled automatically on {formatDate(tx.cancelsAt)} {reason}.
        {tx.paymentStatus === 'succeeded' && ' The money then goes back to the buyer’s wallet.'}
      </span>
    </p>
  );
}

/** What the seller said when marking it delivered: when, the tracking reference and the note. */
export function DeliveredDetails({ tx }: { tx: TTransaction }) {
  if (!tx.deliveredAt) return null;
  return (
    <dl className="grid gap-1 rounded-md bg-card/70 p-3 text-sm">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted-foreground">Delivered:</dt>
        <dd className="font-medium">{formatDateTime(tx.deliveredAt)}</dd>
      </div>
      {tx.trackingReference && (
        <div className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Tracking reference:</dt>
          <dd className="min-w-0 font-mono font-medium break-all">{tx.trackingReference}</dd>
        </div>
      )}
      {tx.deliveryMessage && (
        <div className="min-w-0">
          <dt className="text-muted-foreground">Note from the seller:</dt>
          <dd className="break-words whitespace-pre-line">{tx.deliveryMessage}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Delivered and awaiting the buyer: the time left before the money is released by itself, renewed every
 * minute. Once the moment has passed the transaction is fetched again (every 15 s) until it shows released.
 */
export function ReleaseCountdown({ tx, viewer }: { tx: TTransaction; viewer: 'buyer' | 'seller' | 'other' }) {
  const queryClient = useQueryClient();
  const due = tx.autoReleaseAt;
  const now = useNow();
  const arrived = hasArrived(due, now);
  React.useEffect(() => {
    if (!arrived) return;
    const refresh = () => invalidateTransactionsAndWallet(queryClient, tx.id);
    refresh();
    const timer = window.setInterval(refresh, 15_000);
    return () => window.clearInterval(timer);
  }, [arrived, queryClient, tx.id]);
  if (!due) return null;
  const hint =
    viewer === 'buyer'
      ? 'Confirm receipt if all is well, or open a dispute before then if something is wrong.'
      : 'Unless the buyer confirms receipt earlier or opens a dispute.';
  return (
    <div className="flex items-start gap-3 rounded-md border border-sky-200 bg-card p-3">
      <Hourglass className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold text-brand-ink" data-testid="release-countdown">
          {releaseCountdown(due, now)}
        </p>
        <p className="text-sm text-muted-foreground">{hint}</p>
        <p className="text-xs text-muted-foreground">Inspection ends {formatDateTime(due)}.</p>
      </div>
    </div>
  );
}

/**
 * Accepted, funded and not delivered: from `lateCancelFrom` on the buyer may cancel and be refunded (the
 * server then lists `cancel`); before it, both parties are told from when. Once this clock reaches the
 * moment the transaction is fetched again (every 15 s) until the server allows the cancel.
 */
export function LateDelivery({ tx, viewer }: { tx: TTransaction; viewer: 'buyer' | 'seller' | 'other' }) {
  const queryClient = useQueryClient();
  const now = useNow();
  const cancel = useCancelTransaction(tx.id);
  const cancellable = tx.allowedActions.includes('cancel');
  const ask = viewer === 'buyer' && !cancellable && hasArrived(tx.lateCancelFrom, now);
  React.useEffect(() => {
    if (!ask) return;
    const refresh = () => invalidateTransactionsAndWallet(queryClient, tx.id);
    refresh();
    const timer = window.setInterval(refresh, 15_000);
    return () => window.clearInterval(timer);
  }, [ask, queryClient, tx.id]);
  if (!tx.lateCancelFrom || viewer === 'other') return null;
  const from = formatDate(tx.lateCancelFrom);
  if (viewer === 'seller') {
    return (
      <p className="flex items-start gap-2 text-xs text-sky-900/80">
        <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span>If it is not marked delivered, the buyer may cancel and be refunded from {from}.</span>
      </p>
    );
  }
  if (!cancellable) {
    return (
      <p className="flex items-start gap-2 text-xs text-sky-900/80">
        <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span>If nothing is marked delivered, you can cancel and get a refund from {from}.</span>
      </p>
    );
  }
  const total = formatMoney(tx.total, tx.currency);
  return (
    <div className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3">
      <p className="text-sm text-amber-900">
        The seller has not marked this delivered in time. You can cancel it and get your money back.
      </p>
      <ConfirmAction
        trigger="Cancel and refund"
        icon={<Undo2 aria-hidden="true" />}
        title="Cancel and get a refund?"
        description={`The transaction is cancelled and ${total} returns to your wallet. The seller can no longer deliver it. This cannot be undone.`}
        confirmLabel="Cancel and refund"
        keepLabel="Keep waiting"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast({ title: 'Transaction cancelled and refunded' }),
            onError: (err) => toastError(errorMessage(err, 'Failed to cancel transaction')),
          })
        }
      />
    </div>
  );
}
