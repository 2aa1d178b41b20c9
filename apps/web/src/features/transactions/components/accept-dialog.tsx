import * as React from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { DELIVERY_NOTES_MAX_LENGTH } from '@holdfast/contracts';
import { useAcceptTransaction } from '../api/accept-transaction';
import { acceptPayload, deliveryDateError, minDeliveryDate } from '../lib/accept';

/** Seller accepts a pending transaction, optionally with an expected delivery date and notes. */
export function AcceptDialog({ transactionId }: { transactionId: string }) {
  const [open, setOpen] = React.useState(false);
  const [date, setDate] = React.useState('');
  const [notes, setNotes] = React.useState('');
  const accept = useAcceptTransaction(transactionId);
  const min = minDeliveryDate();
  const dateError = deliveryDateError(date);
  const id = React.useId();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setDate('');
      setNotes('');
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (dateError) return;
    accept.mutate(acceptPayload(date, notes), {
      onSuccess: () => {
        toast({
          title: 'Transaction Accepted',
          description: 'You have successfully accepted this transaction with delivery information.',
        });
        setOpen(false);
      },
      onError: (err) => toastError(errorMessage(err, 'Failed to accept transaction')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button className="bg-emerald-600 text-white hover:bg-emerald-700">
          <CheckCircle2 aria-hidden="true" /> Accept
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Accept Transaction</DialogTitle>
            <DialogDescription>Let the buyer know when to expect delivery. Both fields are optional.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-date`}>Expected Delivery Date (optional)</Label>
            <Input
              id={`${id}-date`}
              type="date"
              min={min}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={`${id}-date-hint`}
            />
            <p
              id={`${id}-date-hint`}
              className={dateError ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}
            >
              {dateError ?? 'Tomorrow or later.'}
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Delivery Notes (optional)</Label>
            <Textarea
              id={`${id}-notes`}
              rows={3}
              maxLength={DELIVERY_NOTES_MAX_LENGTH}
              placeholder="e.g. Shipped by courier, tracking number to follow"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={accept.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={accept.isPending || !!dateError}>
              {accept.isPending && <Spinner />}
              {accept.isPending ? 'Accepting...' : 'Accept Transaction'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
