import * as React from 'react';
import {
  DEFAULT_DISPUTE_PRIORITY,
  DISPUTE_MESSAGES,
  DISPUTE_PRIORITIES,
  DISPUTE_TEXT_COUNTER,
  DISPUTE_TYPES,
  DISPUTE_TYPE_LABELS,
  type TDisputePriority,
  type TDisputeType,
} from '@holdfast/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
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
export function DisputeForm({ create, onDone }: { create: ReturnType<typeof useCreateDispute>; onDone: () => void }) {
  const [type, setType] = React.useState<TDisputeType | ''>('');
  const [description, setDescription] = React.useState('');
  const [priority, setPriority] = React.useState<TDisputePriority>(DEFAULT_DISPUTE_PRIORITY);
  const id = React.useId();

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
    create.mutate(
      { type, description, priority },
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
        <DialogTitle>Request Moderation</DialogTitle>
        <DialogDescription>
          A moderator reviews the case. The money stays in escrow until the dispute is resolved.
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
      <DialogFormFooter submitLabel="Submit Dispute" pendingLabel="Submitting..." pending={create.isPending} />
    </form>
  );
}
