import { Truck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useDeliverTransaction } from '../api/deliver-transaction';
import { useDeliverMilestone } from '../api/milestones';

const loadForm = () => import('./deliver-form');

interface DeliverDialogProps {
  transactionId: string;
  inspectionDays: number;
  /** A deal paid in stages: the milestone marked delivered (its own inspection period starts). */
  milestone?: { id: string; title: string };
}

/** The seller marks an accepted, funded transaction (or milestone) delivered; the buyer's inspection period starts. */
export function DeliverDialog({ transactionId, inspectionDays, milestone }: DeliverDialogProps) {
  const deal = useDeliverTransaction(transactionId);
  const stage = useDeliverMilestone(transactionId, milestone?.id ?? '');
  const deliver = milestone ? stage : deal;
  const dialog = useLazyDialog(loadForm);
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button className="bg-solid-emerald text-white hover:bg-solid-emerald-hover" {...dialog.triggerProps}>
          {dialog.waiting ? <Spinner /> : <Truck aria-hidden="true" />} Mark as delivered
        </Button>
      </DialogTrigger>
      <DialogContent>
        {dialog.body && (
          <dialog.body.DeliverForm
            deliver={deliver}
            inspectionDays={inspectionDays}
            milestoneTitle={milestone?.title}
            onDone={() => dialog.setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
