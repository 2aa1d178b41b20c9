import * as React from 'react';
import { CheckCircle2, Undo2, UsersRound } from 'lucide-react';
import { DISPUTE_RESOLUTION_LABELS, PARTIAL_DISPUTE_MESSAGES, type TDispute, type TUser } from '@holdfast/contracts';
import { DisputeSplitNote } from '@/components/dispute-split-note';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useApproveProposal, useRejectProposal } from '@/lib/queries/disputes';
import { disputeSubject } from '@/lib/dispute-split';

function ProposalRow({ dispute, user }: { dispute: TDispute; user: TUser }) {
  const proposal = dispute.secondReview!;
  const approve = useApproveProposal();
  const reject = useRejectProposal();
  const [sendingBack, setSendingBack] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const id = React.useId();
  const own = proposal.proposedBy === user.id;
  const money = (v: string) => formatMoney(v, dispute.transaction.currency);
  const busy = approve.isPending || reject.isPending;

  const onApprove = () =>
    approve.mutate(dispute.id, {
      onSuccess: () => toast({ title: 'Decision Approved', description: PARTIAL_DISPUTE_MESSAGES.approved }),
      onError: (err) => toastError(errorMessage(err, 'Failed to approve the decision')),
    });
  const onSendBack = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      toastError(PARTIAL_DISPUTE_MESSAGES.reasonRequired);
      return;
    }
    reject.mutate(
      { id: dispute.id, body: { reason } },
      {
        onSuccess: () => {
          toast({ title: 'Decision Sent Back', description: PARTIAL_DISPUTE_MESSAGES.sentBack });
          setSendingBack(false);
          setReason('');
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to send the decision back')),
      },
    );
  };

  return (
    <li className="space-y-2 rounded-lg border p-4 text-sm">
      <p className="font-medium break-words text-brand-ink">{disputeSubject(dispute)}</p>
      <p>
        Proposed: <span className="font-medium">{DISPUTE_RESOLUTION_LABELS[proposal.resolution]}</span>
        {proposal.refundAmount && ` (refund ${money(proposal.refundAmount)} to the buyer)`} ·{' '}
        <span className="text-muted-foreground">{formatDateTime(proposal.proposedAt)}</span>
      </p>
      <p className="font-medium">In dispute: {money(dispute.disputedAmount)}</p>
      <DisputeSplitNote dispute={dispute} />
      <p className="break-words whitespace-pre-line text-muted-foreground">{proposal.notes}</p>
      {own ? (
        <p className="text-muted-foreground">Your decision: another moderator or an admin approves it.</p>
      ) : sendingBack ? (
        <form onSubmit={onSendBack} className="grid gap-2" noValidate>
          <Label htmlFor={`${id}-reason`}>Why send it back?</Label>
          <Textarea id={`${id}-reason`} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              {reject.isPending ? <Spinner /> : <Undo2 aria-hidden="true" />}
              Send Back
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setSendingBack(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onApprove} disabled={busy}>
            {approve.isPending ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={() => setSendingBack(true)} disabled={busy}>
            <Undo2 aria-hidden="true" /> Send Back
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Four eyes (decision 022): decisions at or above the second-review amount, waiting for another moderator
 * or an admin to approve them (the money moves) or send them back. Shown only while there are any.
 */
export function SecondReviewCard({ disputes, user }: { disputes: TDispute[]; user: TUser }) {
  const waiting = disputes.filter((d) => d.secondReview);
  if (!waiting.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersRound className="size-5" aria-hidden="true" /> Awaiting second review
        </CardTitle>
        <CardDescription>Large decisions move money only once a second moderator or an admin approves.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {waiting.map((d) => (
            <ProposalRow key={d.id} dispute={d} user={user} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
