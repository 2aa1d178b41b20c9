import * as React from 'react';
import { PackageCheck } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useConfirmTransaction } from '../api/confirm-transaction';
import { useConfirmMilestone } from '../api/milestones';
import { CONFIRMATION_PHRASE, phraseState } from '../lib/confirm-phrase';
import { confirmHint } from '../lib/status-copy';

/** Buyer confirms receipt by typing the phrase; releases the escrowed funds to the seller. */
interface ConfirmReceiptProps {
  transactionId: string;
  type: TTransaction['type'];
  sellerAmount: string;
  /** A deal paid in stages: the milestone confirmed (only its money is released). */
  milestone?: { id: string; title: string };
}

export function ConfirmReceipt({ transactionId, type, sellerAmount, milestone }: ConfirmReceiptProps) {
  const [phrase, setPhrase] = React.useState('');
  const deal = useConfirmTransaction(transactionId);
  const stage = useConfirmMilestone(transactionId, milestone?.id ?? '');
  const confirm = milestone ? stage : deal;
  const state = phraseState(phrase);
  const id = React.useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (state !== 'match') return;
    confirm.mutate(phrase.trim().toUpperCase(), {
      onSuccess: () => {
        toast({
          title: milestone ? 'Milestone confirmed and funds released' : 'Transaction confirmed and funds released',
        });
        setPhrase('');
      },
      onError: (err) => toastError(errorMessage(err, 'Failed to confirm transaction')),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-sky-200 bg-card p-4"
    >
      <div>
        <p className="font-medium text-brand-ink">
          {milestone
            ? `Is “${milestone.title}” done?`
            : type === 'service'
              ? 'Has the service been delivered?'
              : 'Received your item?'}
        </p>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {/* The spec's phrase is the one the server checks; for a service it confirms the work (confirmHint). */}
          Type <span className="font-mono font-semibold text-brand-ink">{CONFIRMATION_PHRASE}</span>{' '}
          {confirmHint(type, sellerAmount).slice(`Type ${CONFIRMATION_PHRASE} `.length)}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-phrase`}>Confirmation phrase</Label>
        <Input
          id={`${id}-phrase`}
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
          placeholder={CONFIRMATION_PHRASE}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          aria-invalid={state === 'mismatch' ? true : undefined}
          className={cn(
            state === 'match' &&
              'border-emerald-500 focus-visible:border-emerald-500 focus-visible:ring-emerald-500/30',
            state === 'mismatch' && 'border-red-500 focus-visible:border-red-500 focus-visible:ring-red-500/30',
          )}
        />
      </div>
      <Button
        type="submit"
        disabled={state !== 'match' || confirm.isPending}
        className="h-auto min-h-9 w-full bg-solid-emerald py-2 whitespace-normal text-white hover:bg-solid-emerald-hover sm:w-fit"
      >
        {confirm.isPending ? <Spinner /> : <PackageCheck aria-hidden="true" />}
        {confirm.isPending ? 'Confirming...' : 'Confirm Receipt & Release Funds'}
      </Button>
    </form>
  );
}
