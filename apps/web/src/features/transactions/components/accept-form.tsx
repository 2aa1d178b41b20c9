import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DELIVERY_NOTES_MAX_LENGTH, ZAcceptTransactionForm, type TAcceptTransactionForm } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';
import type { useAcceptTransaction } from '../api/accept-transaction';
import { minDeliveryDate } from '../lib/accept';

type AcceptValues = z.output<typeof ZAcceptTransactionForm>;
const EMPTY: TAcceptTransactionForm = { expectedDeliveryDate: '', deliveryNotes: '' };
const FIELDS = ['expectedDeliveryDate', 'deliveryNotes'] as const;

/** The accept dialog's form (its own chunk, loaded when the dialog first opens: react-hook-form and Zod). */
export function AcceptForm({
  accept,
  onDone,
}: {
  accept: ReturnType<typeof useAcceptTransaction>;
  onDone: () => void;
}) {
  // The contract's accept rules: empty fields are left out, a date must be tomorrow or later.
  const form = useForm<TAcceptTransactionForm, unknown, AcceptValues>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZAcceptTransactionForm),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const id = React.useId();
  const ids = {
    date: `${id}-date`,
    dateHint: `${id}-date-hint`,
    notes: `${id}-notes`,
    notesError: `${id}-notes-error`,
  };

  const onSubmit = form.handleSubmit((values) => {
    accept.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Transaction Accepted',
          description: 'You have successfully accepted this transaction with delivery information.',
        });
        onDone();
      },
      onError: (err) => {
        showServerFieldErrors(err, form.setError, FIELDS);
        toastError(errorMessage(err, 'Failed to accept transaction'));
      },
    });
  }, focusingFirstError());

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Accept Transaction</DialogTitle>
        <DialogDescription>Let the buyer know when to expect delivery. Both fields are optional.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={ids.date}>Expected Delivery Date (optional)</Label>
        <Input
          id={ids.date}
          type="date"
          min={minDeliveryDate()}
          aria-invalid={errors.expectedDeliveryDate ? true : undefined}
          aria-describedby={ids.dateHint}
          {...form.register('expectedDeliveryDate')}
        />
        <p
          id={ids.dateHint}
          className={errors.expectedDeliveryDate ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}
        >
          {errors.expectedDeliveryDate?.message ?? 'Tomorrow or later.'}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.notes}>Delivery Notes (optional)</Label>
        <Textarea
          id={ids.notes}
          rows={3}
          maxLength={DELIVERY_NOTES_MAX_LENGTH}
          placeholder="e.g. Shipped by courier, tracking number to follow"
          aria-invalid={errors.deliveryNotes ? true : undefined}
          aria-describedby={errors.deliveryNotes ? ids.notesError : undefined}
          {...form.register('deliveryNotes')}
        />
        <FieldError id={ids.notesError} message={errors.deliveryNotes?.message} />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={accept.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={accept.isPending || !!errors.expectedDeliveryDate}>
          {accept.isPending && <Spinner />}
          {accept.isPending ? 'Accepting...' : 'Accept Transaction'}
        </Button>
      </DialogFooter>
    </form>
  );
}
