import * as React from 'react';
import {
  DEFAULT_DISPUTE_PRIORITY,
  DISPUTE_MESSAGES,
  DISPUTE_PRIORITIES,
  DISPUTE_TEXT_COUNTER,
  DISPUTE_TYPES,
  DISPUTE_TYPE_LABELS,
  checkDisputedAmount,
  decimalsOf,
  toMinor,
  type TDisputePriority,
  type TDisputeType,
} from '@holdfast/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import type { useCreateDispute } from '@/lib/queries/disputes';

const PRIORITY_LABELS: Record<TDisputePriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

function announceCreated() {
  toast({
    title: 'Dispute Created',
    description: 'Your dispute has been submitted and will be reviewed by a moderator.',
  });
}

/**
 * Request moderation (spec: the dispute dialog): type, description with a /1000 counter, priority. A
 * missing type or description says 'Missing Information' and sends nothing. Its own chunk (Radix select),
 * loaded when the dialog first opens; a new form each time it opens.
 */
export function DisputeForm({
  create,
  onDone,
  buyerOf,
  milestone,
}: {
  create: ReturnType<typeof useCreateDispute>;
  onDone: () => void;
  /** The buyer's transaction: only the buyer may dispute part of the amount (decision 022). */
  buyerOf?: { amount: string; currency: string };
  /** A deal paid in stages: the milestone in dispute (decision 033). */
  milestone?: { id: string; title: string };
}) {
  const [type, setType] = React.useState<TDisputeType | ''>('');
  const [description, setDescription] = React.useState('');
  const [priority, setPriority] = React.useState<TDisputePriority>(DEFAULT_DISPUTE_PRIORITY);
  const [partOnly, setPartOnly] = React.useState(false);
  const [disputed, setDisputed] = React.useState('');
  const [disputedError, setDisputedError] = React.useState<string | null>(null);
  const id = React.useId();

  /** The amount in dispute, checked by the server's own rule; undefined for the whole amount. */
  const disputedAmount = (): string | undefined | null => {
    if (!buyerOf || !partOnly) return undefined;
    const amount = toMinor(buyerOf.amount, decimalsOf(buyerOf.currency)) ?? 0n;
    const checked = checkDisputedAmount(disputed, amount, buyerOf.currency);
    setDisputedError(checked.ok ? null : checked.error);
    return checked.ok ? disputed.trim() : null;
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!type || !description.trim()) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: DISPUTE_MESSAGES.missingInformation,
      });
      return;
    }
    const part = disputedAmount();
    if (part === null) return;
    create.mutate(
      {
        type,
        description,
        priority,
        ...(part ? { disputedAmount: part } : {}),
        ...(milestone ? { milestoneId: milestone.id } : {}),
      },
      {
        onSuccess: () => {
          announceCreated();
          onDone();
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to create dispute')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{milestone ? `Request Moderation: “${milestone.title}”` : 'Request Moderation'}</DialogTitle>
        <DialogDescription>
          {milestone
            ? 'A moderator reviews this milestone. Its money stays in escrow until the dispute is resolved; the other milestones go on.'
            : 'A moderator reviews the case. The money stays in escrow until the dispute is resolved.'}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>Dispute Type</Label>
        <Select value={type} onValueChange={(v) => setType(v as TDisputeType)}>
          <SelectTrigger id={`${id}-type`} className="w-full">
            <SelectValue placeholder="Select a dispute type" />
          </SelectTrigger>
          <SelectContent>
            {DISPUTE_TYPES.map((t) => (
              <SelectItem key={t} value={t}>
                {DISPUTE_TYPE_LABELS[t]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          rows={4}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="What went wrong? Include dates, messages and anything the moderator should see."
          aria-describedby={`${id}-counter`}
        />
        <p id={`${id}-counter`} className="text-right text-xs text-muted-foreground">
          {description.length}/{DISPUTE_TEXT_COUNTER}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-priority`}>Priority</Label>
        <Select value={priority} onValueChange={(v) => setPriority(v as TDisputePriority)}>
          <SelectTrigger id={`${id}-priority`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DISPUTE_PRIORITIES.map((p) => (
              <SelectItem key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {buyerOf && (
        <div className="grid gap-2">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={partOnly}
              onChange={(e) => {
                setPartOnly(e.target.checked);
                setDisputedError(null);
              }}
            />
            Dispute only part of the amount
          </label>
          {partOnly && (
            <>
              <Label htmlFor={`${id}-disputed`}>Amount in dispute ({buyerOf.currency})</Label>
              <Input
                id={`${id}-disputed`}
                inputMode="decimal"
                value={disputed}
                onChange={(e) => setDisputed(e.target.value.replace(/[^\d.]/g, ''))}
                placeholder={`At most ${formatMoney(buyerOf.amount, buyerOf.currency)}`}
                aria-invalid={disputedError ? true : undefined}
                aria-describedby={`${id}-disputed-hint ${id}-disputed-error`}
              />
              <p id={`${id}-disputed-hint`} className="text-xs text-muted-foreground">
                The rest of the amount, less its share of the fee, is released to the seller at once.
              </p>
              <FieldError id={`${id}-disputed-error`} message={disputedError ?? undefined} />
            </>
          )}
        </div>
      )}
      <DialogFormFooter submitLabel="Submit Dispute" pendingLabel="Submitting..." pending={create.isPending} />
    </form>
  );
}
