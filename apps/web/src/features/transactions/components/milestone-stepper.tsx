import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Check, Hourglass, PackageCheck, Undo2 } from 'lucide-react';
import type { TMilestone, TTransaction } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { fundableMilestones } from '@/lib/milestone-payment';
import { useCancelMilestone } from '../api/milestones';
import {
  MILESTONE_STATUS_LABELS,
  MILESTONE_STATUS_TONES,
  currentMilestone,
  milestoneProgress,
} from '../lib/milestones';
import { hasArrived, releaseCountdown } from '../lib/timers';
import { CancelRemainingStages } from './cancel-remaining-stages';
import { ConfirmAction } from './confirm-action';
import { ConfirmReceipt } from './confirm-receipt';
import { DeliverDialog } from './deliver-dialog';
import { DisputeDialog } from './dispute-dialog';
import { FundStageCheckbox, FundStagesPanel } from './milestone-funding';

type Viewer = 'buyer' | 'seller' | 'other';

const dueDay = (date: string) => formatDate(`${date}T12:00:00`);

/**
 * While a milestone's moment has come (its release, its funding deadline) but the server has not moved it
 * yet, fetch the deal again every 15 s, like the deal's own countdowns (escrow-timers.tsx).
 */
function useRefreshWhenArrived(transactionId: string, arrived: boolean) {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (!arrived) return;
    const refresh = () => invalidateTransactionsAndWallet(queryClient, transactionId);
    refresh();
    const timer = window.setInterval(refresh, 15_000);
    return () => window.clearInterval(timer);
  }, [arrived, queryClient, transactionId]);
}

/** The clock of one milestone: its release countdown, its funding deadline, or from when it may be cancelled. */
function MilestoneClock({ tx, m, viewer }: { tx: TTransaction; m: TMilestone; viewer: Viewer }) {
  const now = useNow();
  const moment = m.autoReleaseAt ?? m.cancelsAt;
  useRefreshWhenArrived(tx.id, hasArrived(moment, now));
  if (m.autoReleaseAt) {
    return (
      <p className="flex items-start gap-2 text-sm">
        <Hourglass className="mt-0.5 size-4 shrink-0 text-sky-700" aria-hidden="true" />
        <span>
          <span className="font-medium text-brand-ink" data-testid="milestone-countdown">
            {releaseCountdown(m.autoReleaseAt, now)}
          </span>
          <span className="block text-xs text-muted-foreground">
            Inspection ends {formatDateTime(m.autoReleaseAt)}.
          </span>
        </span>
      </p>
    );
  }
  if (m.cancelsAt) {
    return (
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span>Ends on {formatDate(m.cancelsAt)} if not funded by then.</span>
      </p>
    );
  }
  if (m.lateCancelFrom && viewer !== 'other' && !m.allowedActions.includes('cancel')) {
    return (
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span>
          {viewer === 'buyer'
            ? `If it is not marked delivered, you can cancel it and get a refund from ${formatDate(m.lateCancelFrom)}.`
            : `If it is not marked delivered, the buyer may cancel it and be refunded from ${formatDate(m.lateCancelFrom)}.`}
        </span>
      </p>
    );
  }
  return null;
}

/** What the seller said when marking the milestone delivered. */
function DeliveredNote({ m }: { m: TMilestone }) {
  if (!m.deliveredAt) return null;
  return (
    <dl className="grid gap-0.5 text-xs">
      <div className="flex flex-wrap gap-x-1">
        <dt className="text-muted-foreground">Delivered:</dt>
        <dd>{formatDateTime(m.deliveredAt)}</dd>
      </div>
      {m.trackingReference && (
        <div className="flex min-w-0 flex-wrap gap-x-1">
          <dt className="text-muted-foreground">Tracking reference:</dt>
          <dd className="min-w-0 font-mono break-all">{m.trackingReference}</dd>
        </div>
      )}
      {m.deliveryMessage && (
        <div className="min-w-0">
          <dt className="text-muted-foreground">Note from the seller:</dt>
          <dd className="break-words whitespace-pre-line">{m.deliveryMessage}</dd>
        </div>
      )}
    </dl>
  );
}

/** The buyer cancels a funded milestone whose delivery is late: its total returns to the wallet. */
function CancelLate({ tx, m }: { tx: TTransaction; m: TMilestone }) {
  const cancel = useCancelMilestone(tx.id, m.id);
  const total = formatMoney(m.total, tx.currency);
  return (
    <ConfirmAction
      trigger="Cancel and refund"
      icon={<Undo2 aria-hidden="true" />}
      title={`Cancel “${m.title}” and get a refund?`}
      description={`It was not marked delivered in time. ${total} returns to your wallet and the seller can no longer deliver it. This cannot be undone.`}
      confirmLabel="Cancel and refund"
      keepLabel="Keep waiting"
      pending={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(undefined, {
          onSuccess: () => toast({ title: 'Milestone cancelled and refunded' }),
          onError: (err) => toastError(errorMessage(err, 'Failed to cancel this milestone')),
        })
      }
    />
  );
}

/**
 * Confirming a milestone: open at once when it is delivered (its inspection runs); behind a button while it
 * is only funded (the buyer may release it before delivery, but rarely should).
 */
function ConfirmMilestone({ tx, m }: { tx: TTransaction; m: TMilestone }) {
  const [open, setOpen] = React.useState(m.status === 'delivered');
  const form = (
    <ConfirmReceipt
      transactionId={tx.id}
      type={tx.type}
      sellerAmount={formatMoney(m.amount, tx.currency)}
      milestone={m}
    />
  );
  if (open || m.status === 'delivered') return <div className="basis-full">{form}</div>;
  return (
    <Button variant="outline" onClick={() => setOpen(true)}>
      <PackageCheck aria-hidden="true" /> Confirm &amp; release
    </Button>
  );
}

interface Picking {
  chosen: boolean;
  onChange: (chosen: boolean) => void;
}

function MilestoneActions({ tx, m, picking }: { tx: TTransaction; m: TMilestone; picking: Picking }) {
  const can = (a: TMilestone['allowedActions'][number]) => m.allowedActions.includes(a);
  if (m.allowedActions.length === 0) return null;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {can('fund') && <FundStageCheckbox m={m} checked={picking.chosen} onChange={picking.onChange} />}
      {can('deliver') && <DeliverDialog transactionId={tx.id} inspectionDays={tx.inspectionDays} milestone={m} />}
      {can('confirm') && <ConfirmMilestone key={m.status} tx={tx} m={m} />}
      {can('cancel') && <CancelLate tx={tx} m={m} />}
      {can('dispute') && (
        <DisputeDialog
          transactionId={tx.id}
          milestone={m}
          buyerOf={tx.viewerRole === 'buyer' ? { amount: m.amount, currency: tx.currency } : undefined}
        />
      )}
    </div>
  );
}

function StepMarker({ m, current }: { m: TMilestone; current: boolean }) {
  const done = m.status === 'released';
  return (
    <span
      className={cn(
        'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
        done && 'border-emerald-600 bg-emerald-600 text-white',
        !done && current && 'border-primary bg-card text-primary',
        !done && !current && 'border-border bg-card text-muted-foreground',
      )}
      aria-hidden="true"
    >
      {done ? <Check className="size-4" /> : m.position}
    </span>
  );
}

interface MilestoneStepperProps {
  tx: TTransaction;
  viewer: Viewer;
}

/**
 * A deal paid in stages (decision 033): its milestones in order, each with its status, amount, due date and
 * clock, and what the viewer may do to it now (the server's `allowedActions` for that milestone).
 */
export function MilestoneStepper({ tx, viewer }: MilestoneStepperProps) {
  const current = currentMilestone(tx.milestones);
  const headingId = `milestones-${tx.id}`;
  const fundable = fundableMilestones(tx);
  // The buyer's choice of milestones to pay next: the first one still waiting until they tick others.
  const [picked, setPicked] = React.useState<string[] | null>(null);
  const chosenIds = picked ?? fundable.slice(0, 1).map((m) => m.id);
  const chosen = fundable.filter((m) => chosenIds.includes(m.id));
  const pick = (m: TMilestone): Picking => ({
    chosen: chosenIds.includes(m.id),
    onChange: (on) => setPicked(on ? [...chosenIds, m.id] : chosenIds.filter((id) => id !== m.id)),
  });
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4" data-testid="milestone-stepper">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-brand-ink">
          Paid in stages
        </h3>
        <span className="text-sm text-muted-foreground">{milestoneProgress(tx.milestones)}</span>
      </div>
      <ol className="relative">
        {tx.milestones.map((m, i) => {
          const isCurrent = current?.id === m.id;
          const last = i === tx.milestones.length - 1;
          return (
            <li
              key={m.id}
              className="relative flex gap-3 pb-5 last:pb-0"
              aria-current={isCurrent ? 'step' : undefined}
              data-testid="milestone"
              data-status={m.status}
            >
              {!last && (
                <span className="absolute top-8 bottom-0 left-4 w-0.5 -translate-x-1/2 bg-border" aria-hidden="true" />
              )}
              <StepMarker m={m} current={isCurrent} />
              <div className="min-w-0 flex-1 space-y-2 pt-1">
                <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-brand-ink">
                      <span className="sr-only">Milestone {m.position}: </span>
                      {m.title}
                    </p>
                    <div className="mt-1 flex flex-wrap items-center gap-2">
                      <Badge variant={MILESTONE_STATUS_TONES[m.status]}>{MILESTONE_STATUS_LABELS[m.status]}</Badge>
                      {isCurrent && <span className="text-xs font-medium text-primary">Current stage</span>}
                    </div>
                  </div>
                  <div className="text-left sm:text-right">
                    <p className="font-semibold text-brand-ink">{formatMoney(m.amount, tx.currency)}</p>
                    {m.dueDate && <p className="text-xs text-muted-foreground">Due {dueDay(m.dueDate)}</p>}
                  </div>
                </div>
                <MilestoneClock tx={tx} m={m} viewer={viewer} />
                <DeliveredNote m={m} />
                <MilestoneActions tx={tx} m={m} picking={pick(m)} />
              </div>
            </li>
          );
        })}
      </ol>
      {fundable.length > 0 && <FundStagesPanel tx={tx} chosen={chosen} />}
      {tx.allowedActions.includes('cancel_remaining') && <CancelRemainingStages tx={tx} />}
    </section>
  );
}
