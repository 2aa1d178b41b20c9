import * as React from 'react';
import { Gavel } from 'lucide-react';
import {
  DISPUTE_MESSAGES,
  DISPUTE_RESOLUTIONS,
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_TEXT_COUNTER,
  PARTIAL_DISPUTE_MESSAGES,
  type TDispute,
  type TDisputeResolution,
} from '@holdfast/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { RefundField } from '@/components/refund-field';
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
import { DisputeSplitNote } from '@/components/dispute-split-note';
import { errorMessage } from '@/lib/api';
import { disputedMoney } from '@/lib/dispute-split';
import { formatMoney } from '@/lib/format';
import { useDisputeEvidence } from '@/lib/queries/dispute-evidence';
import { useResolveDispute } from '@/lib/queries/disputes';

/**
 * The moderator's decision: a resolution, notes (/1000 counter), for a partial one the refund (of the money
 * in dispute), and the evidence it relied on (a checklist of the case's files, hidden when it has none).
 */
export function ResolveDialog({ dispute }: { dispute: TDispute }) {
  const [open, setOpen] = React.useState(false);
  const files = useDisputeEvidence(dispute.id, open);
  const evidence = (files.data ?? []).map((e) => ({
    id: e.id,
    label: `${e.fileName}${e.caption ? `: ${e.caption}` : ''} (added by the ${e.author.role})`,
  }));
  const [resolution, setResolution] = React.useState<TDisputeResolution | ''>('');
  const [notes, setNotes] = React.useState('');
  const [refund, setRefund] = React.useState('');
  const [reliedOn, setReliedOn] = React.useState<string[]>([]);
  const resolve = useResolveDispute();
  const id = React.useId();
  const tx = dispute.transaction;
  const inDispute = disputedMoney(dispute);
  const money = (v: string) => formatMoney(v, tx.currency);

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
      ...(reliedOn.length ? { evidenceIds: reliedOn } : {}),
    };
    resolve.mutate(
      { id: dispute.id, body },
      {
        onSuccess: (d) => {
          toast(
            d.secondReview
              ? { title: 'Decision Recorded', description: PARTIAL_DISPUTE_MESSAGES.proposed }
              : {
                  title: 'Dispute Resolved',
                  description: 'The dispute has been resolved and the funds have been processed.',
                },
          );
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
          setReliedOn([]);
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
              Final: the escrowed {money(inDispute.held)} moves at once. The amount is {money(inDispute.amount)}, the
              fee {money(inDispute.fee)}.
            </DialogDescription>
          </DialogHeader>
          <DisputeSplitNote dispute={dispute} />
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
            <RefundField id={`${id}-refund`} tx={inDispute} value={refund} onChange={setRefund} />
          )}
          {evidence.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Evidence relied on</legend>
              {evidence.map((e) => (
                <label key={e.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={reliedOn.includes(e.id)}
                    onChange={(ev) =>
                      setReliedOn((ids) => (ev.target.checked ? [...ids, e.id] : ids.filter((x) => x !== e.id)))
                    }
                  />
                  <span className="break-words">{e.label}</span>
                </label>
              ))}
            </fieldset>
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
          <DialogFormFooter submitLabel="Resolve Dispute" pendingLabel="Resolving..." pending={resolve.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
