import { Link } from 'wouter';
import {
  Ban,
  CalendarClock,
  CheckCircle2,
  ChevronRight,
  Clock,
  CreditCard,
  Package,
  Wrench,
  XCircle,
} from 'lucide-react';
import type { TTransaction, TTransactionAction } from '@holdfast/contracts';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { displayName, formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { milestonesSum } from '@/lib/milestone-payment';
import { useCancelTransaction } from '../api/cancel-transaction';
import { useDeclineTransaction } from '../api/decline-transaction';
import { AcceptDialog } from './accept-dialog';
import { ConfirmAction } from './confirm-action';
import { ConfirmReceipt } from './confirm-receipt';
import { DisputeDialog, ReportIssue } from './dispute-dialog';
import { DeliverDialog } from './deliver-dialog';
import { DisputeOutcome, DisputePanel } from './dispute-panel';
import { DeliveredDetails, LateDelivery, PendingDeadline, ReleaseCountdown } from './escrow-timers';
import { TransactionReviews } from './transaction-reviews';
import { InvitedSeller } from './invited-seller';
import { MilestoneStepper } from './milestone-stepper';
import { OutcomeStatusBadge, OutcomeSummary } from './outcome-summary';
import { inspectionPeriod } from '../lib/timers';
import { activeHeading, HELP_ACTION_HINTS, sellerPayout } from '../lib/status-copy';

type Viewer = 'buyer' | 'seller' | 'other';

/** What the viewer is to the transaction, as the server decided it (`viewerRole`); staff only look. */
function viewerOf(tx: TTransaction): Viewer {
  return tx.viewerRole === 'buyer' || tx.viewerRole === 'seller' ? tx.viewerRole : 'other';
}

/** Whether the viewer may take `action` now: the server says so (`allowedActions`), by the rules it enforces. */
const can = (tx: TTransaction, action: TTransactionAction) => tx.allowedActions.includes(action);

function counterparty(tx: TTransaction, viewer: Viewer): { label: string; name: string; detail?: string } {
  const sellerName = tx.seller ? displayName({ ...tx.seller, email: tx.sellerEmail }) : tx.sellerEmail;
  const sellerLabel = tx.type === 'service' ? 'Service provider' : 'Seller';
  if (viewer === 'seller') {
    const name = displayName(tx.buyer);
    return { label: 'Buyer', name, detail: name !== tx.buyer.email ? tx.buyer.email : undefined };
  }
  return { label: sellerLabel, name: sellerName, detail: sellerName !== tx.sellerEmail ? tx.sellerEmail : undefined };
}

function PaymentBadge({ status }: { status: TTransaction['paymentStatus'] }) {
  if (status === 'succeeded') return <Badge variant="success">Funded</Badge>;
  if (status === 'refunded') return <Badge variant="muted">Refunded</Badge>;
  return <Badge variant="warning">Awaiting payment</Badge>;
}

function FundLink({ id }: { id: string }) {
  return (
    <Button asChild>
      <Link href={`/transactions/${id}/checkout`}>
        <CreditCard aria-hidden="true" /> Fund Transaction
      </Link>
    </Button>
  );
}

function Step({ done, children }: { done: boolean; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      {done ? (
        <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
      ) : (
        <Clock className="size-4 text-amber-600" aria-hidden="true" />
      )}
      <span>{children}</span>
      <span className="sr-only">{done ? '(done)' : '(waiting)'}</span>
    </li>
  );
}

function PendingPanel({ tx }: { tx: TTransaction }) {
  const staged = tx.milestones.length > 0;
  const funded = tx.paymentStatus === 'succeeded';
  const cancel = useCancelTransaction(tx.id);
  const decline = useDeclineTransaction(tx.id);
  const refundNote = funded ? ' The funded amount goes back to the buyer’s wallet.' : '';
  // A seller ends a pending deal by declining it (the buyer is told so): the card offers them Decline, not Cancel.
  const cancellable = can(tx, 'cancel') && !can(tx, 'decline');
  const actions = can(tx, 'fund') || cancellable || can(tx, 'accept') || can(tx, 'decline');
  return (
    <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
      <div>
        <p className="font-medium text-amber-900">
          {staged
            ? 'Waiting for seller acceptance of every milestone'
            : funded
              ? 'Funded: waiting for seller acceptance'
              : 'Waiting for seller acceptance and buyer funding'}
        </p>
        <ul className="mt-2 space-y-1 text-sm text-amber-900/90">
          <Step done={false}>Seller acceptance</Step>
          {/* A staged deal is funded milestone by milestone: the stepper shows which. */}
          {!staged && <Step done={funded}>{funded ? 'Funded by the buyer' : 'Buyer funding'}</Step>}
        </ul>
      </div>
      <PendingDeadline tx={tx} />
      {actions && (
        <div className="flex flex-wrap gap-2">
          {can(tx, 'fund') && <FundLink id={tx.id} />}
          {cancellable && (
            <ConfirmAction
              trigger="Cancel Transaction"
              icon={<XCircle aria-hidden="true" />}
              title="Cancel this transaction?"
              description={`The seller will no longer be able to accept it.${refundNote}`}
              confirmLabel="Yes, cancel it"
              keepLabel="Keep Transaction"
              pending={cancel.isPending}
              onConfirm={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Transaction cancelled' }),
                  onError: (err) => toastError(errorMessage(err, 'Failed to cancel transaction')),
                })
              }
            />
          )}
          {can(tx, 'accept') && <AcceptDialog transactionId={tx.id} />}
          {can(tx, 'decline') && (
            <ConfirmAction
              trigger="Decline"
              icon={<Ban aria-hidden="true" />}
              title="Decline this transaction?"
              description={`The buyer will be told you declined.${refundNote}`}
              confirmLabel="Decline Transaction"
              keepLabel="Go back"
              pending={decline.isPending}
              onConfirm={() =>
                decline.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Transaction declined' }),
                  onError: (err) => toastError(errorMessage(err, 'Failed to decline transaction')),
                })
              }
            />
          )}
        </div>
      )}
    </div>
  );
}

function DeliveryInfo({ tx }: { tx: TTransaction }) {
  if (!tx.expectedDeliveryDate && !tx.deliveryNotes) return null;
  return (
    <div className="grid gap-1 rounded-md bg-card/70 p-3 text-sm">
      {tx.expectedDeliveryDate && (
        <p className="flex items-center gap-2">
          <CalendarClock className="size-4 text-sky-700" aria-hidden="true" />
          <span className="text-muted-foreground">Expected delivery:</span>
          <span className="font-medium">{formatDate(`${tx.expectedDeliveryDate}T12:00:00`)}</span>
        </p>
      )}
      {tx.deliveryNotes && (
        <p className="break-words">
          <span className="text-muted-foreground">Delivery notes:</span> {tx.deliveryNotes}
        </p>
      )}
    </div>
  );
}

function ActivePanel({ tx, viewer }: { tx: TTransaction; viewer: Viewer }) {
  const funded = tx.paymentStatus === 'succeeded';
  const delivered = !!tx.deliveredAt;
  const heading = activeHeading(tx, viewer);
  return (
    <div className="space-y-3 rounded-lg border border-sky-200 bg-sky-50 p-4">
      <p className="font-medium text-sky-900">{heading}</p>
      <DeliveryInfo tx={tx} />
      <DeliveredDetails tx={tx} />
      {delivered && <ReleaseCountdown tx={tx} viewer={viewer} />}
      {/* The buyer reads the late-delivery notice before the confirm form; the seller after their action. */}
      {viewer === 'buyer' && funded && !delivered && <LateDelivery tx={tx} viewer={viewer} />}
      {can(tx, 'confirm') && (
        <ConfirmReceipt transactionId={tx.id} type={tx.type} sellerAmount={formatMoney(tx.amount, tx.currency)} />
      )}
      {can(tx, 'fund') && (
        <div className="space-y-2">
          <p className="text-sm text-sky-900">Fund this transaction so the seller can deliver with confidence.</p>
          <FundLink id={tx.id} />
        </div>
      )}
      {viewer === 'seller' && (
        <p className="text-sm text-sky-900">
          {!funded
            ? 'The buyer has not funded this transaction yet. Wait for funding before you deliver.'
            : delivered
              ? 'The buyer’s payment is held in escrow. It is released to you when the buyer confirms receipt, or automatically when the inspection period ends.'
              : `The buyer’s payment is held in escrow. Once you have delivered, mark it as delivered: the buyer then has ${inspectionPeriod(tx.inspectionDays)} to inspect before the money is released to you automatically.`}
        </p>
      )}
      {can(tx, 'deliver') && <DeliverDialog transactionId={tx.id} inspectionDays={tx.inspectionDays} />}
      {viewer === 'seller' && funded && !delivered && <LateDelivery tx={tx} viewer={viewer} />}
    </div>
  );
}

function StatusPanel({ tx, viewer }: { tx: TTransaction; viewer: Viewer }) {
  switch (tx.status) {
    case 'pending':
      return <PendingPanel tx={tx} />;
    case 'active':
      // A deal paid in stages is funded, delivered and confirmed milestone by milestone (the stepper).
      return tx.milestones.length > 0 ? <DeliveryInfo tx={tx} /> : <ActivePanel tx={tx} viewer={viewer} />;
    case 'completed':
      // What happened to the money (from the ledger's figures), then how a dispute ended, then reviews.
      return (
        <div className="space-y-3">
          <OutcomeSummary tx={tx} viewer={viewer} />
          <DisputeOutcome tx={tx} />
          <TransactionReviews tx={tx} />
        </div>
      );
    case 'disputed':
      return (
        <div className="space-y-3">
          <DeliveredDetails tx={tx} />
          <DisputePanel tx={tx} />
        </div>
      );
    case 'cancelled':
      return (
        <div className="space-y-3">
          <OutcomeSummary tx={tx} viewer={viewer} />
          <DisputeOutcome tx={tx} />
        </div>
      );
  }
}

/**
 * The parties' ways to ask for help (spec): Report Issue and Request Moderation, both opening a dispute,
 * while the server allows one (money held in escrow, decision 011).
 */
function DisputeActions({ tx }: { tx: TTransaction }) {
  if (!can(tx, 'dispute')) return null;
  return (
    <div className="space-y-2 border-t pt-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-sm text-muted-foreground">Something wrong?</span>
        <ReportIssue transactionId={tx.id} />
        <DisputeDialog transactionId={tx.id} buyerOf={tx.viewerRole === 'buyer' ? tx : undefined} />
      </div>
      <ul className="space-y-0.5 text-xs text-muted-foreground" data-testid="help-action-hints">
        <li>{HELP_ACTION_HINTS.reportIssue}</li>
        <li>{HELP_ACTION_HINTS.requestModeration}</li>
        <li>{HELP_ACTION_HINTS.frozen}</li>
      </ul>
    </div>
  );
}

interface TransactionCardProps {
  tx: TTransaction;
  /** In a list: link to the transaction's own page. */
  showDetailsLink?: boolean;
}

/** One escrow transaction: its figures, the other party and what the viewer can do next. */
export function TransactionCard({ tx, showDetailsLink = false }: TransactionCardProps) {
  const viewer = viewerOf(tx);
  const other = counterparty(tx, viewer);
  const TypeIcon = tx.type === 'service' ? Wrench : Package;
  const staged = tx.milestones.length > 0 && (tx.status === 'pending' || tx.status === 'active');
  // A deal paid in stages pays out milestone by milestone (the stepper shows which are released); a stage
  // refunded or cancelled (the remaining stages cancelled, a late one) pays nothing.
  const payout = staged
    ? {
        amount: formatMoney(
          milestonesSum(
            tx.milestones.filter((m) => m.status !== 'refunded' && m.status !== 'cancelled'),
            tx.currency,
          ).amount,
          tx.currency,
        ),
        note: 'paid milestone by milestone, as the buyer confirms each one or its inspection period ends',
      }
    : sellerPayout(tx);
  return (
    <Card data-testid="transaction-card" aria-labelledby={`tx-${tx.id}`}>
      <CardContent className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                <TypeIcon className="size-4" aria-hidden="true" />
              </span>
              <h2 id={`tx-${tx.id}`} className="font-semibold text-brand-ink">
                Transaction <span className="font-mono text-sm">#{tx.id.slice(0, 8)}</span>
              </h2>
              <OutcomeStatusBadge tx={tx} />
              {/* Funding matters while the money waits; a finished transaction's status says it all. */}
              {(tx.status === 'pending' || tx.status === 'active') &&
                (tx.milestones.length > 0 ? (
                  <Badge variant="info">{tx.milestones.length} stages</Badge>
                ) : (
                  <PaymentBadge status={tx.paymentStatus} />
                ))}
            </div>
            <p className="text-xs text-muted-foreground">
              Created {formatDateTime(tx.createdAt)} · {tx.type === 'service' ? 'Service' : 'Product'}
              <span className="sr-only"> · ID {tx.id}</span>
            </p>
          </div>
          <div className="sm:text-right">
            <p className="text-2xl font-bold tracking-tight text-brand-ink">{formatMoney(tx.amount, tx.currency)}</p>
            <p className="text-xs text-muted-foreground">{tx.currency}</p>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div className="col-span-2 min-w-0">
            <dt className="text-muted-foreground">{other.label}</dt>
            <dd className="truncate font-medium">{other.name}</dd>
            {other.detail && <dd className="truncate text-xs text-muted-foreground">{other.detail}</dd>}
            {viewer !== 'seller' && <InvitedSeller tx={tx} />}
          </div>
          <div>
            <dt className="text-muted-foreground">Service fee ({FEE_RATE_LABEL})</dt>
            <dd className="font-medium">{formatMoney(tx.fee, tx.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{viewer === 'seller' ? 'Buyer pays' : 'Total'}</dt>
            <dd className="font-semibold text-brand-ink">{formatMoney(tx.total, tx.currency)}</dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-muted-foreground">Inspection period</dt>
            <dd className="font-medium">{inspectionPeriod(tx.inspectionDays)}</dd>
          </div>
          {viewer === 'seller' && (
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-muted-foreground">Your payout</dt>
              <dd className="font-semibold text-emerald-700" data-testid="seller-payout">
                {payout.amount} <span className="font-normal text-muted-foreground">{payout.note}</span>
              </dd>
            </div>
          )}
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-muted-foreground">Description</dt>
            <dd className="break-words whitespace-pre-line">{tx.description}</dd>
          </div>
        </dl>

        {tx.milestones.length > 0 && <MilestoneStepper tx={tx} viewer={viewer} />}
        <StatusPanel tx={tx} viewer={viewer} />
        <DisputeActions tx={tx} />

        {showDetailsLink && (
          <div className="flex justify-end">
            <Button asChild variant="ghost" size="sm">
              <Link href={`/transactions/${tx.id}`} aria-label={`View details of transaction ${tx.id.slice(0, 8)}`}>
                View details <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
