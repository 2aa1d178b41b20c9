import * as React from 'react';
import { Gavel } from 'lucide-react';
import {
  DISPUTE_MESSAGES,
  DISPUTE_RESOLUTIONS,
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_TEXT_COUNTER,
  type TDispute,
  type TDisputeResolution,
} from '@holdfast/contracts';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { previewSplit } from '@/lib/dispute-split';
import { formatMoney } from '@/lib/format';
import { useResolveDispute } from '@/lib/queries/disputes';

/** The moderator's decision: a resolution, notes (/1000 counter) and, for a partial one, the refund. */
export function ResolveDialog({ dispute }: { dispute: TDispute }) {
  const [open, setOpen] = React.useState(false);
  const [resolution, setResolution] = React.useState<TDisputeResolution | ''>('');
  const [notes, setNotes] = React.useState('');
  const [refund, setRefund] = React.useState('');
  const resolve = useResolveDispute();
  const id = React.useId();
  const tx = dispute.transaction;
  const money = (v: string) => formatMoney(v, tx.currency);
  const preview = resolution === 'partial_resolution' ? previewSplit(tx, refund) : null;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!resolution || !notes.trim()) {
      toastError(DISPUTE_MESSAGES.missingResolution);
      return;
    }
    const body = {
      resolution,
      resolutionNotes: notes,
      ...(resolution === 'partial_resolution' ? { refundAmount: refund } : {}),
    };
    resolve.mutate(
      { id: dispute.id, body },
      {
        onSuccess: () => {
          toast({
            title: 'Dispute Resolved',
            description: 'The dispute has been resolved and the funds have been processed.',
          });
          setOpen(false);
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to resolve dispute')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setResolution('');
          setNotes('');
          setRefund('');
        }
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Gavel aria-hidden="true" /> Resolve
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Resolve Dispute</DialogTitle>
            <DialogDescription>
              Final: the escrowed {money(tx.total)} moves at once. The amount is {money(tx.amount)}, the fee{' '}
              {money(tx.fee)}.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-resolution`}>Resolution</Label>
            <Select value={resolution} onValueChange={(v) => setResolution(v as TDisputeResolution)}>
              <SelectTrigger id={`${id}-resolution`} className="w-full">
                <SelectValue placeholder="Select a resolution" />
              </SelectTrigger>
              <SelectContent>
                {DISPUTE_RESOLUTIONS.map((r) => (
                  <SelectItem key={r} value={r}>
                    {DISPUTE_RESOLUTION_LABELS[r]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {resolution === 'partial_resolution' && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-refund`}>Refund to the buyer ({tx.currency})</Label>
              <Input
                id={`${id}-refund`}
                inputMode="decimal"
                value={refund}
                onChange={(e) => setRefund(e.target.value.replace(/[^\d.]/g, ''))}
                aria-describedby={`${id}-preview`}
              />
              <p id={`${id}-preview`} className="text-xs text-muted-foreground" aria-live="polite">
                {preview
                  ? `Buyer receives ${money(preview.buyerReceives)} (with the fee share); seller receives ${money(preview.sellerReceives)}.`
                  : `More than 0 and less than ${money(tx.amount)}.`}
              </p>
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Resolution Notes</Label>
            <Textarea
              id={`${id}-notes`}
              rows={4}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="Explain the decision to both parties"
              aria-describedby={`${id}-counter`}
            />
            <p id={`${id}-counter`} className="text-right text-xs text-muted-foreground">
              {notes.length}/{DISPUTE_TEXT_COUNTER}
            </p>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={resolve.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={resolve.isPending}>
              {resolve.isPending && <Spinner />}
              {resolve.isPending ? 'Resolving...' : 'Resolve Dispute'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
