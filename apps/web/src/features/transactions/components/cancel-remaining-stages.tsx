import * as React from 'react';
import { XCircle } from 'lucide-react';
import type { TMilestone, TTransaction } from '@holdfast/contracts';
import { ReviewMoneyStep, type ReviewRow } from '@/components/review-money-step';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { milestonesSum } from '@/lib/milestone-payment';
import { useCancelRemainingStages } from '../api/milestones';

/** The stages the cancel ends, as the server counts them (decision 033): not delivered, not in dispute, not ended. */
const ends = (m: TMilestone) => m.status === 'unfunded' || m.status === 'funded';

/** What happens to one milestone's money when the seller cancels the remaining stages. */
function fate(m: TMilestone, currency: string): string {
  switch (m.status) {
    case 'funded':
      return `Funded: ${formatMoney(m.total, currency)} back to the buyer`;
    case 'unfunded':
      return 'Not funded: ends, no money moves';
    case 'delivered':
      return 'Delivered: goes on to its release';
    case 'disputed':
      return 'In dispute: goes on to its outcome';
    default:
      return 'Ended already';
  }
}

/**
 * The seller gives up the stages not yet delivered (the deal's `cancel_remaining`): a review of what happens
 * to each milestone's money first (funded ones back to the buyer, unfunded ones end, delivered and disputed
 * ones go on), then the cancel.
 */
export function CancelRemainingStages({ tx }: { tx: TTransaction }) {
  const cancel = useCancelRemainingStages(tx.id);
  const [reviewing, setReviewing] = React.useState(false);
  const open = tx.milestones.filter((m) => !['released', 'refunded', 'cancelled'].includes(m.status));
  const refunded = milestonesSum(
    tx.milestones.filter((m) => m.status === 'funded'),
    tx.currency,
  ).total;
  const rows: ReviewRow[] = [
    ...open.map((m) => ({ label: `Stage ${m.position}: ${m.title}`, value: fate(m, tx.currency) })),
    { label: 'Back to the buyer', value: formatMoney(refunded, tx.currency), strong: true },
  ];
  const ended = open.filter(ends).map((m) => m.position);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
      <p className="min-w-0 flex-1 basis-60 text-sm text-muted-foreground">
        Not going on with the work? End the stages you have not delivered; the buyer gets back what they paid for them.
      </p>
      <Button
        variant="outline"
        className="text-destructive hover:text-destructive"
        disabled={cancel.isPending}
        onClick={() => setReviewing(true)}
      >
        <XCircle aria-hidden="true" /> Cancel remaining stages
      </Button>
      <ReviewMoneyStep
        open={reviewing}
        onOpenChange={setReviewing}
        title="Cancel the remaining stages?"
        description={`Stage${ended.length > 1 ? 's' : ''} ${ended.join(', ')} will end and cannot be delivered any more. This cannot be undone.`}
        rows={rows}
        confirmLabel="Cancel remaining stages"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        destructive
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setReviewing(false);
              const back = formatMoney(refunded, tx.currency);
              const paidFor = tx.milestones.some((m) => m.status === 'funded');
              toast({
                title: 'Remaining stages cancelled',
                description: paidFor ? `${back} went back to the buyer.` : 'None had been paid for: no money moved.',
              });
            },
            onError: (err) => {
              setReviewing(false);
              toastError(errorMessage(err, 'Failed to cancel the remaining stages'));
            },
          })
        }
      />
    </div>
  );
}
