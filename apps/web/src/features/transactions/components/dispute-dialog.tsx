import * as React from 'react';
import { Flag, ShieldAlert } from 'lucide-react';
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
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useLazyDialog } from '@/lib/lazy-dialog';
import { useCreateDispute } from '@/lib/queries/disputes';

const loadForm = () => import('./dispute-form');

/** Request moderation: the trigger, and the dispute form when opened (dispute-form.tsx). */
export function DisputeDialog({
  transactionId,
  buyerOf,
  milestone,
}: {
  transactionId: string;
  /** The viewer's purchase (or the milestone's amount): the buyer may dispute only part of it. */
  buyerOf?: { amount: string; currency: string };
  /** A deal paid in stages: the milestone in dispute (the other milestones go on). */
  milestone?: { id: string; title: string };
}) {
  const create = useCreateDispute(transactionId);
  const dialog = useLazyDialog(loadForm);
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" {...dialog.triggerProps}>
          {dialog.waiting ? <Spinner /> : <ShieldAlert aria-hidden="true" />} Request Moderation
        </Button>
      </DialogTrigger>
      <DialogContent>
        {dialog.body && (
          <dialog.body.DisputeForm
            create={create}
            onDone={() => dialog.setOpen(false)}
            buyerOf={buyerOf}
            milestone={milestone}
          />
        )}
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
