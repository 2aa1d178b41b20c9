import * as React from 'react';
import { Ban, Check, ShieldCheck } from 'lucide-react';
import { WITHDRAWAL_REVIEW_MESSAGES as M, type THeldWithdrawal } from '@holdfast/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorFields, errorMessage } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useHeldWithdrawals, useWithdrawalDecision, type WithdrawalDecision } from '../api/held-withdrawals';

const DECISIONS: Record<
  WithdrawalDecision,
  { label: string; icon: React.ReactNode; title: string; describe: string; done: string; failed: string }
> = {
  release: {
    label: 'Release',
    icon: <Check aria-hidden="true" />,
    title: 'Release this withdrawal?',
    describe: 'The payout proceeds as usual and the person is told the check is complete.',
    done: M.released,
    failed: 'The withdrawal could not be released',
  },
  reject: {
    label: 'Reject',
    icon: <Ban aria-hidden="true" />,
    title: 'Reject this withdrawal?',
    describe:
      'Nothing is paid out: the money goes back to the person’s wallet, and they are told without the details of the review.',
    done: M.rejected,
    failed: 'The withdrawal could not be rejected',
  },
};

function DecisionDialog({ withdrawal, decision }: { withdrawal: THeldWithdrawal; decision: WithdrawalDecision }) {
  const d = DECISIONS[decision];
  const [open, setOpen] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const mutation = useWithdrawalDecision();
  const id = React.useId();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(M.reasonRequired);
      return;
    }
    mutation.mutate(
      { id: withdrawal.id, decision, reason },
      {
        onSuccess: () => {
          toast({ title: d.done });
          setOpen(false);
        },
        onError: (err) => {
          const field = errorFields(err).reason;
          if (field) setError(field);
          else toastError(errorMessage(err, d.failed));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setReason('');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant={decision === 'release' ? 'default' : 'outline'}>
          {d.icon} {d.label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{d.title}</DialogTitle>
            <DialogDescription>
              {formatMoney(withdrawal.amount, withdrawal.currency)} by {withdrawal.user.name}. {d.describe}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason (required)</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(undefined);
              }}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <FieldError id={`${id}-error`} message={error} />
            <p className="text-xs text-muted-foreground">Kept in the audit trail with your name.</p>
          </div>
          <DialogFormFooter submitLabel={d.label} pending={mutation.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function HeldWithdrawalCard({ withdrawal: w }: { withdrawal: THeldWithdrawal }) {
  return (
    <Card data-testid="held-withdrawal">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {formatMoney(w.amount, w.currency)} <Badge variant="warning">Held</Badge>
        </CardTitle>
        <CardDescription className="[overflow-wrap:anywhere]">
          {w.user.name} ({w.user.email}) · to {w.accountHolderName}, account ending {w.accountLast4} · requested{' '}
          {formatDateTime(w.createdAt)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-sm font-medium">Possible matches</p>
        <ul className="grid gap-2" aria-label="Possible sanctions list matches">
          {w.matches.map((m) => (
            <li key={`${m.screened}-${m.listId}-${m.entryId}`} className="rounded-lg border p-3 text-sm">
              <p className="font-medium [overflow-wrap:anywhere]">
                “{m.screened}” resembles {m.name}
                {m.matchedName !== m.name && <> (as “{m.matchedName}”)</>}
              </p>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">
                Score {Math.round(m.score * 100)}% · list {m.listId}, entry {m.entryId} · {m.type} · program{' '}
                {m.program || '—'}
                {m.dateOfBirth && <> · born {m.dateOfBirth}</>}
                {m.country && <> · {m.country}</>}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <DecisionDialog withdrawal={w} decision="release" />
        <DecisionDialog withdrawal={w} decision="reject" />
      </CardFooter>
    </Card>
  );
}

/** The admin's Withdrawals tab: withdrawals held by sanctions screening, to release or reject. */
export function HeldWithdrawalsTab() {
  const held = useHeldWithdrawals();
  if (held.isLoading) return <Skeleton className="h-40 w-full" />;
  if (held.isError)
    return <p className="text-sm text-muted-foreground">The held withdrawals could not be loaded right now.</p>;
  const list = held.data ?? [];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        A withdrawal whose names resemble an entry of a loaded sanctions list waits here; its money stays reserved.
        Compare the details, then release it (the payout proceeds) or reject it (the money returns to the wallet).
      </p>
      {list.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 py-8 text-sm text-muted-foreground">
            <ShieldCheck className="size-5" aria-hidden="true" /> No withdrawal is held for review.
          </CardContent>
        </Card>
      ) : (
        list.map((w) => <HeldWithdrawalCard key={w.id} withdrawal={w} />)
      )}
    </div>
  );
}
