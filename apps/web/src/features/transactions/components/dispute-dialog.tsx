import * as React from 'react';
import { Flag, ShieldAlert } from 'lucide-react';
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
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useCreateDispute } from '@/lib/queries/disputes';

const PRIORITY_LABELS: Record<TDisputePriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

function announceCreated() {
  toast({
    title: 'Dispute Created',
    description: 'Your dispute has been submitted and will be reviewed by a moderator.',
  });
}

/**
 * Request moderation (spec: the dispute dialog): type, description with a /1000 counter, priority. A
 * missing type or description says 'Missing Information' and sends nothing.
 */
export function DisputeDialog({ transactionId }: { transactionId: string }) {
  const [open, setOpen] = React.useState(false);
  const [type, setType] = React.useState<TDisputeType | ''>('');
  const [description, setDescription] = React.useState('');
  const [priority, setPriority] = React.useState<TDisputePriority>(DEFAULT_DISPUTE_PRIORITY);
  const create = useCreateDispute(transactionId);
  const id = React.useId();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setType('');
      setDescription('');
      setPriority(DEFAULT_DISPUTE_PRIORITY);
    }
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
    create.mutate(
      { type, description, priority },
      {
        onSuccess: () => {
          announceCreated();
          setOpen(false);
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to create dispute')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ShieldAlert aria-hidden="true" /> Request Moderation
        </Button>
      </DialogTrigger>
      <DialogContent>
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
      </DialogContent>
    </Dialog>
  );
}

/** Report Issue (spec): asks for a description; nothing happens if it is empty; sends type other. */
export function ReportIssue({ transactionId }: { transactionId: string }) {
  const [open, setOpen] = React.useState(false);
  const [description, setDescription] = React.useState('');
  const create = useCreateDispute(transactionId);
  const id = React.useId();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!description.trim()) {
      setOpen(false);
      return;
    }
    create.mutate(
      { type: 'other', description },
      {
        onSuccess: () => {
          toast({ title: 'Dispute created successfully' });
          setOpen(false);
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to create dispute')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDescription('');
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Flag aria-hidden="true" /> Report Issue
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Report Issue</DialogTitle>
            <DialogDescription>Describe the issue. A moderator will review it.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-issue`}>Describe the issue</Label>
            <Textarea
              id={`${id}-issue`}
              rows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <DialogFormFooter submitLabel="Report Issue" pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
