import { Truck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useDeliverTransaction } from '../api/deliver-transaction';

const loadForm = () => import('./deliver-form');

interface DeliverDialogProps {
  transactionId: string;
  inspectionDays: number;
}

/** The seller marks an accepted, funded transaction delivered; the buyer's inspection period starts. */
export function DeliverDialog({ transactionId, inspectionDays }: DeliverDialogProps) {
  const deliver = useDeliverTransaction(transactionId);
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
            onDone={() => dialog.setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
