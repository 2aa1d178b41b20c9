import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  DELIVERY_MESSAGE_MAX_LENGTH,
  TRACKING_REFERENCE_MAX_LENGTH,
  ZDeliverTransactionRequest,
  type TDeliverTransactionRequest,
} from '@holdfast/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { showServerFieldErrors, FOCUS_FIRST_ERROR_ONCE, focusingFirstError } from '@/lib/form';
import type { useDeliverTransaction } from '../api/deliver-transaction';
import { inspectionPeriod } from '../lib/timers';

type DeliverValues = z.output<typeof ZDeliverTransactionRequest>;
const EMPTY = { trackingReference: '', note: '' } satisfies TDeliverTransactionRequest;
const FIELDS = ['trackingReference', 'note'] as const;

interface DeliverFormProps {
  deliver: ReturnType<typeof useDeliverTransaction>;
  inspectionDays: number;
  /** A milestone of a deal paid in stages: named in the title. */
  milestoneTitle?: string;
  onDone: () => void;
}

/** The deliver dialog's form (its own chunk, loaded when the dialog first opens: react-hook-form and Zod). */
export function DeliverForm({ deliver, inspectionDays, milestoneTitle, onDone }: DeliverFormProps) {
  // The contract's rules: both fields optional and trimmed, empty ones left out, lengths capped.
  const form = useForm<TDeliverTransactionRequest, unknown, DeliverValues>({
    ...FOCUS_FIRST_ERROR_ONCE,
    resolver: zodResolver(ZDeliverTransactionRequest),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const id = React.useId();
  const ids = {
    tracking: `${id}-tracking`,
    trackingError: `${id}-tracking-error`,
    note: `${id}-note`,
    noteError: `${id}-note-error`,
  };

  const onSubmit = form.handleSubmit((values) => {
    deliver.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Marked as delivered' });
        onDone();
      },
      onError: (err) => {
        showServerFieldErrors(err, form.setError, FIELDS);
        toastError(errorMessage(err, 'Failed to mark as delivered'));
      },
    });
  }, focusingFirstError());

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{milestoneTitle ? `Mark “${milestoneTitle}” as delivered` : 'Mark as delivered'}</DialogTitle>
        <DialogDescription>
          The buyer then has {inspectionPeriod(inspectionDays)} to inspect it. Unless they confirm receipt or open a
          dispute first, the money is released to you automatically when that time ends. Both fields are optional.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={ids.tracking}>Tracking reference</Label>
        <Input
          id={ids.tracking}
          autoComplete="off"
          maxLength={TRACKING_REFERENCE_MAX_LENGTH}
          placeholder="e.g. the courier's waybill number"
          aria-invalid={errors.trackingReference ? true : undefined}
          aria-describedby={errors.trackingReference ? ids.trackingError : undefined}
          {...form.register('trackingReference')}
        />
        <FieldError id={ids.trackingError} message={errors.trackingReference?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.note}>Note</Label>
        <Textarea
          id={ids.note}
          rows={3}
          maxLength={DELIVERY_MESSAGE_MAX_LENGTH}
          placeholder="e.g. Left with the building's reception"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? ids.noteError : undefined}
          {...form.register('note')}
        />
        <FieldError id={ids.noteError} message={errors.note?.message} />
      </div>
      <DialogFormFooter
        submitLabel="Confirm delivery"
        pendingLabel="Saving..."
        pending={deliver.isPending}
        disabled={!!errors.trackingReference || !!errors.note}
      />
    </form>
  );
}
