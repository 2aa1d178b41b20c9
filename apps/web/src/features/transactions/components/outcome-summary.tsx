import { Ban, CheckCircle2, Scale, Undo2 } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { TransactionStatusBadge } from '@/components/status-badge';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { endingCopy, type CopyViewer, type Tone } from '../lib/status-copy';
import { DeliveredDetails } from './escrow-timers';

const ALERT_VARIANT: Record<Tone, 'success' | 'info' | 'warning' | 'destructive' | 'default'> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  danger: 'destructive',
  muted: 'default',
};
const BADGE_VARIANT: Record<Tone, 'success' | 'info' | 'warning' | 'danger' | 'muted'> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  danger: 'danger',
  muted: 'muted',
};
const ICONS = { success: CheckCircle2, info: Scale, warning: Scale, danger: Ban, muted: Undo2 } as const;

/** The status badge, naming the ending once the deal is over (a refund is "Refunded", a split "Split"). */
export function OutcomeStatusBadge({ tx }: { tx: TTransaction }) {
  const copy = endingCopy(tx, 'other');
  if (!copy) return <TransactionStatusBadge status={tx.status} />;
  return <Badge variant={BADGE_VARIANT[copy.tone]}>{copy.badge}</Badge>;
}

/**
 * A completed or cancelled deal: what happened to the money, per party and from the viewer's side, in the
 * colour of its ending, with the delivery details the seller gave (they stay readable after the end).
 */
export function OutcomeSummary({ tx, viewer }: { tx: TTransaction; viewer: CopyViewer }) {
  const copy = endingCopy(tx, viewer);
  if (!copy) return null;
  const Icon = copy.badge === 'Cancelled' ? Ban : ICONS[copy.tone];
  const endedAt = tx.status === 'completed' ? tx.completedAt : tx.cancelledAt;
  return (
    <div className="space-y-3">
      <Alert variant={ALERT_VARIANT[copy.tone]} className={copy.tone === 'muted' ? 'bg-muted/50' : undefined}>
        <Icon aria-hidden="true" />
        <AlertTitle>{copy.title}</AlertTitle>
        <AlertDescription>
          <p>{copy.summary}</p>
          {copy.money.map((line) => (
            <p key={line} className="font-medium" data-testid="outcome-money">
              {line}
            </p>
          ))}
          {copy.decided && <p>{copy.decided}</p>}
          {endedAt && (
            <p className="text-xs opacity-80">
              {tx.status === 'completed' ? 'Completed' : 'Cancelled'} {formatDateTime(endedAt)}
            </p>
          )}
        </AlertDescription>
      </Alert>
      <DeliveredDetails tx={tx} />
    </div>
  );
}
