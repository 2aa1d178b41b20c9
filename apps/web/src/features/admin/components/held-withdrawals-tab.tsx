import * as React from 'react';
import { Ban, Check, ShieldCheck } from 'lucide-react';
import {
  bankLine,
  WITHDRAWAL_REASON_MAX_LENGTH,
  WITHDRAWAL_REVIEW_MESSAGES as M,
  type THeldWithdrawal,
} from '@holdfast/contracts';
import { ReasonDialog } from '@/components/staff/reason-dialog';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
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
  const mutation = useWithdrawalDecision();
  return (
    <ReasonDialog
      label={d.label}
      icon={d.icon}
      variant={decision === 'release' ? 'default' : 'outline'}
      title={d.title}
      description={
        <p>
          {formatMoney(withdrawal.amount, withdrawal.currency)} by {withdrawal.user.name}. {d.describe}
        </p>
      }
      requiredMessage={M.reasonRequired}
      maxLength={WITHDRAWAL_REASON_MAX_LENGTH}
      send={(reason, callbacks) => mutation.mutate({ id: withdrawal.id, decision, reason }, callbacks)}
      pending={mutation.isPending}
      done={d.done}
      failed={d.failed}
    />
  );
}

/** Where the money would go: the bank as its country writes it, and the account or IBAN's last four. */
function destinationOf(w: THeldWithdrawal): string {
  const bank = bankLine(w.currency, w.destination);
  const account = `${w.destination.accountType === 'iban' ? 'IBAN' : 'account'} ending ${w.accountLast4}`;
  return bank ? `${account} (${bank})` : account;
}

function HeldWithdrawalCard({ withdrawal: w }: { withdrawal: THeldWithdrawal }) {
  return (
    <Card data-testid="held-withdrawal">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {formatMoney(w.amount, w.currency)} <Badge variant="warning">Held</Badge>
        </CardTitle>
        <CardDescription className="[overflow-wrap:anywhere]">
          {w.user.name} ({w.user.email}) · to {w.accountHolderName}, {destinationOf(w)} · requested{' '}
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
