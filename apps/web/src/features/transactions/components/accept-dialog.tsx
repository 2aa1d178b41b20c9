import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useAcceptTransaction } from '../api/accept-transaction';

const loadForm = () => import('./accept-form');

/** Seller accepts a pending transaction, optionally with an expected delivery date and notes. */
export function AcceptDialog({ transactionId }: { transactionId: string }) {
  const accept = useAcceptTransaction(transactionId);
  const dialog = useLazyDialog(loadForm);
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button className="bg-solid-emerald text-white hover:bg-solid-emerald-hover" {...dialog.triggerProps}>
          {dialog.waiting ? <Spinner /> : <CheckCircle2 aria-hidden="true" />} Accept
        </Button>
      </DialogTrigger>
      <DialogContent>
        {dialog.body && <dialog.body.AcceptForm accept={accept} onDone={() => dialog.setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
