import * as React from 'react';
import { Link } from 'wouter';
import { AlertTriangle, FolderOpen, Handshake, Scale } from 'lucide-react';
import type { TDispute, TDisputeResolution, TSettlementOffer, TTransaction } from '@holdfast/contracts';
import {
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_TYPE_LABELS,
  OFFER_MESSAGE_MAX_LENGTH,
} from '@holdfast/contracts/constants';
import { DisputeEvidence } from '@/components/dispute-evidence';
import { RefundField } from '@/components/refund-field';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { DisputeSplitNote } from '@/components/dispute-split-note';
import { DISPUTE_STATUS_LABELS, disputedMoney, disputedStage, previewSplit } from '@/lib/dispute-split';
import { formatDateTime, formatMoney, humanize } from '@/lib/format';
import { useAnswerOffer, useMakeOffer, useMyDisputes } from '@/lib/queries/disputes';
import { DisputeStep } from '@/components/dispute-step';

/**
 * The viewer's dispute on this transaction, when they are a party and there is one. A deal paid in stages
 * may have one per milestone (decision 033): the one still open first, else the latest resolved.
 */
function useDisputeOf(tx: TTransaction): TDispute | undefined {
  const party = tx.viewerRole === 'buyer' || tx.viewerRole === 'seller';
  const disputes = useMyDisputes(tx.id, party);
  const mine = disputes.data?.filter((d) => d.transactionId === tx.id) ?? [];
  return mine.find((d) => d.status !== 'resolved') ?? mine[0];
}

function OpenOffer({ tx, dispute, offer }: { tx: TTransaction; dispute: TDispute; offer: TSettlementOffer }) {
  const answer = useAnswerOffer(dispute.id, tx.id);
  const mine = offer.proposerRole === tx.viewerRole;
  const money = (v: string) => formatMoney(v, tx.currency);
  const respond = (verb: 'accept' | 'reject') =>
    answer.mutate(
      { offerId: offer.id, answer: verb },
      {
        onSuccess: () =>
          toast(
            verb === 'accept'
              ? {
                  title: 'Settlement Accepted',
                  description: 'The dispute is settled and the funds have been processed.',
                }
              : { title: 'Offer Rejected', description: 'The other party can make a new offer.' },
          ),
        onError: (err) => toastError(errorMessage(err, 'Failed to answer the offer')),
      },
    );
  return (
    <div className="space-y-2 rounded-md border bg-card p-3 text-sm">
      <p className="font-medium">
        {mine ? 'Your offer' : `The ${offer.proposerRole}’s offer`}: refund {money(offer.refundAmount)} to the buyer
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-muted-foreground">Buyer receives</dt>
          <dd className="font-semibold">{money(offer.buyerReceives)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Seller receives</dt>
          <dd className="font-semibold">{money(offer.sellerReceives)}</dd>
        </div>
      </dl>
      <p className="break-words whitespace-pre-line text-muted-foreground">“{offer.message}”</p>
      {mine ? (
        <p className="text-xs text-muted-foreground">
          Waiting for the {offer.proposerRole === 'buyer' ? 'seller' : 'buyer'} to answer.
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => respond('accept')} disabled={answer.isPending}>
            {answer.isPending && <Spinner />}
            Accept Offer
          </Button>
          <Button size="sm" variant="outline" onClick={() => respond('reject')} disabled={answer.isPending}>
            Reject
          </Button>
        </div>
      )}
    </div>
  );
}

function OfferForm({ tx, dispute }: { tx: TTransaction; dispute: TDispute }) {
  const [refund, setRefund] = React.useState('');
  const [message, setMessage] = React.useState('');
  const make = useMakeOffer(dispute.id, tx.id);
  const id = React.useId();
  // Offers split the money still in dispute (the whole deal unless the buyer disputed part of it).
  const inDispute = disputedMoney(dispute);
  const preview = previewSplit(inDispute, refund);
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    make.mutate(
      { refundAmount: refund, message },
      {
        onSuccess: () => {
          toast({ title: 'Offer Sent', description: 'The other party can accept or reject it.' });
          setRefund('');
          setMessage('');
        },
        onError: (err) => toastError(errorMessage(err, 'Failed to send the offer')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      <RefundField id={`${id}-refund`} tx={inDispute} value={refund} onChange={setRefund} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea
          id={`${id}-message`}
          rows={2}
          maxLength={OFFER_MESSAGE_MAX_LENGTH}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder="Explain your offer"
        />
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={make.isPending || !preview || !message.trim()}>
          {make.isPending ? <Spinner /> : <Handshake aria-hidden="true" />}
          Propose Settlement
        </Button>
      </div>
    </form>
  );
}

/**
 * A disputed transaction: the spec's 'Dispute Active' notice, the case as filed and, for the parties, the
 * settlement offers (beyond the spec): each side's net amount, accept or reject, or a new proposal.
 */
export function DisputePanel({ tx }: { tx: TTransaction }) {
  const dispute = useDisputeOf(tx);
  return (
    <div className="space-y-3">
      <Alert variant="destructive">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>Dispute Active</AlertTitle>
        <AlertDescription>
          {dispute?.milestone
            ? `Stage ${dispute.milestone.position} (“${dispute.milestone.title}”) is under review by a moderator. The other stages go on.`
            : 'This transaction is under review by a moderator.'}
        </AlertDescription>
      </Alert>
      {dispute && (
        <div className="space-y-3 rounded-lg border p-4 text-sm">
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground">
            <span>Opened by the {dispute.initiatedBy}</span>
            <span>{DISPUTE_TYPE_LABELS[dispute.type]}</span>
            <span>Priority: {humanize(dispute.priority)}</span>
            <span>Status: {DISPUTE_STATUS_LABELS[dispute.status]}</span>
          </p>
          <DisputeSplitNote dispute={dispute} />
          <p className="break-words whitespace-pre-line">{dispute.description}</p>
          <DisputeStep
            step={dispute.step}
            viewer={tx.viewerRole === 'buyer' || tx.viewerRole === 'seller' ? tx.viewerRole : null}
          />
          <Button size="sm" variant="outline" asChild>
            <Link href={`/disputes/${dispute.id}`}>
              <FolderOpen aria-hidden="true" /> Case file
            </Link>
          </Button>
          <div className="space-y-3 border-t pt-3">
            <h3 className="flex items-center gap-2 font-medium">
              <Handshake className="size-4" aria-hidden="true" /> Settle it between you
            </h3>
            <p className="text-muted-foreground">
              Agree a split and the dispute ends at once, without waiting for the moderator.
            </p>
            {dispute.openOffer && <OpenOffer tx={tx} dispute={dispute} offer={dispute.openOffer} />}
            <OfferForm tx={tx} dispute={dispute} />
          </div>
          <div className="border-t pt-3">
            <DisputeEvidence disputeId={dispute.id} canState canUpload={dispute.status !== 'resolved'} />
          </div>
        </div>
      )}
    </div>
  );
}

const OUTCOME_TEXT: Record<TDisputeResolution, string> = {
  release_to_seller: 'The funds were released to the seller.',
  refund_buyer: 'The buyer was refunded in full.',
  partial_resolution: 'The funds were split between the buyer and the seller.',
};

/** The same outcomes when only part of the amount was disputed: they applied to that part alone. */
const PART_OUTCOME_TEXT: Record<TDisputeResolution, string> = {
  release_to_seller: 'The amount in dispute was released to the seller.',
  refund_buyer: 'The amount in dispute was refunded to the buyer, with its share of the fee.',
  partial_resolution: 'The amount in dispute was split between the buyer and the seller.',
};

/** After a dispute: how it ended, under the completed or cancelled notice. */
export function DisputeOutcome({ tx }: { tx: TTransaction }) {
  const dispute = useDisputeOf(tx);
  if (!dispute || dispute.status !== 'resolved' || !dispute.resolution) return null;
  const by = dispute.settledByAgreement ? 'Settled by agreement' : DISPUTE_RESOLUTION_LABELS[dispute.resolution];
  // Only part of the amount was disputed (the rest was released when the case opened).
  const partial = Number(dispute.undisputedReleased) > 0;
  return (
    <div className="flex gap-3 rounded-lg border p-4 text-sm">
      <Scale className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">Dispute resolved: {by}</p>
        {dispute.milestone && <p>{disputedStage(dispute)}</p>}
        <DisputeSplitNote dispute={dispute} />
        <p className="text-muted-foreground">
          {(partial ? PART_OUTCOME_TEXT : OUTCOME_TEXT)[dispute.resolution]}
          {dispute.refundAmount &&
            ` The buyer was refunded ${formatMoney(dispute.refundAmount, tx.currency)} of the ${partial ? 'amount in dispute' : 'amount'}, with its share of the fee.`}
        </p>
        {dispute.resolutionNotes && <p className="break-words whitespace-pre-line">{dispute.resolutionNotes}</p>}
        {dispute.resolvedAt && <p className="text-xs text-muted-foreground">{formatDateTime(dispute.resolvedAt)}</p>}
        <Link href={`/disputes/${dispute.id}`} className="inline-flex items-center gap-1 text-primary hover:underline">
          <FolderOpen className="size-4" aria-hidden="true" /> Case file
        </Link>
        <div className="border-t pt-3">
          <DisputeEvidence disputeId={dispute.id} />
        </div>
      </div>
    </div>
  );
}
