import { Link } from 'wouter';
import { FileText, FolderOpen } from 'lucide-react';
import { DISPUTE_TYPE_LABELS, type TDispute } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PageSpinner } from '@/components/ui/spinner';
import { DisputeEvidence } from '@/components/dispute-evidence';
import { DisputeSplitNote } from '@/components/dispute-split-note';
import { TransactionStatusBadge } from '@/components/status-badge';
import { errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { displayName, formatDateTime, formatMoney, humanize } from '@/lib/format';
import { disputedMoney, disputeSubject } from '@/lib/dispute-split';
import { useDisputeCase } from '@/lib/queries/disputes';
import { DisputeStep } from '@/components/dispute-step';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-brand-ink">{title}</h3>
      {children}
    </section>
  );
}

function CaseBody({ id }: { id: string }) {
  const found = useDisputeCase(id);
  const { user } = useUser();
  if (found.isLoading) return <PageSpinner message="Loading case..." />;
  if (!found.data)
    return <p className="text-sm text-destructive">{errorMessage(found.error, 'Failed to load the case')}</p>;
  const { dispute, transaction: tx, timeline, offers } = found.data;
  const money = (v: string) => formatMoney(v, tx.currency);
  return (
    <div className="grid gap-5 text-sm">
      <DisputeStep step={dispute.step} viewer="moderator" />
      <Section title="Transaction">
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-medium">{money(tx.amount)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Held in escrow</dt>
            <dd className="font-medium">{money(disputedMoney(dispute).held)}</dd>
          </div>
          <div className="col-span-2">
            <DisputeSplitNote dispute={dispute} />
          </div>
          <div>
            <dt className="text-muted-foreground">Buyer</dt>
            <dd className="break-words">
              {displayName(tx.buyer)} <span className="text-muted-foreground">({tx.buyer.email})</span>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Seller</dt>
            <dd className="break-words">
              {tx.seller ? `${displayName({ ...tx.seller, email: tx.sellerEmail })} ` : ''}
              <span className="text-muted-foreground">({tx.sellerEmail})</span>
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-muted-foreground">Description</dt>
            <dd className="break-words whitespace-pre-line">{tx.description}</dd>
          </div>
        </dl>
      </Section>
      <Section title={`Dispute: ${DISPUTE_TYPE_LABELS[dispute.type]}`}>
        <p className="text-muted-foreground">
          Opened by the {dispute.initiatedBy} on {formatDateTime(dispute.createdAt)} · Priority{' '}
          {humanize(dispute.priority)}
        </p>
        <p className="break-words whitespace-pre-line">{dispute.description}</p>
      </Section>
      <Section title="Settlement offers">
        {offers.length === 0 ? (
          <p className="text-muted-foreground">No offers yet.</p>
        ) : (
          <ul className="space-y-2">
            {offers.map((o) => (
              <li key={o.id} className="rounded-md border p-2">
                <p>
                  <span className="font-medium capitalize">{o.proposerRole}</span> offers a refund of{' '}
                  {money(o.refundAmount)}: buyer {money(o.buyerReceives)}, seller {money(o.sellerReceives)} ·{' '}
                  <span className="text-muted-foreground">{humanize(o.status)}</span>
                </p>
                <p className="break-words whitespace-pre-line text-muted-foreground">“{o.message}”</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <DisputeEvidence
        disputeId={dispute.id}
        // The server decides; this only hides a form it would refuse: the case's moderator, or any while unassigned.
        canUpload={
          dispute.status !== 'resolved' &&
          (user?.role === 'admin' ||
            dispute.moderatorId === user?.id ||
            (!dispute.moderatorId && dispute.status === 'open'))
        }
      />
      <Section title="History">
        <ol className="space-y-1">
          {timeline.map((e, i) => (
            <li key={i} className="flex flex-wrap items-center gap-x-2">
              <span className="text-muted-foreground tabular-nums">{formatDateTime(e.at)}</span>
              <span className="font-medium">{humanize(e.action.replace(':', ' '))}</span>
              {e.fromStatus !== e.toStatus && <TransactionStatusBadge status={e.toStatus} />}
              {e.actorName && <span className="text-muted-foreground">by {e.actorName}</span>}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** Opening a case: the transaction, both parties, the dispute as filed, the offers and the history. */
export function CaseDialog({ dispute }: { dispute: TDispute }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost">
          <FileText aria-hidden="true" /> View Case
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Case #{dispute.id.slice(0, 8)}</DialogTitle>
          <DialogDescription>{disputeSubject(dispute)}</DialogDescription>
        </DialogHeader>
        <Button size="sm" variant="outline" asChild className="self-start">
          <Link href={`/moderator/cases/${dispute.id}`}>
            <FolderOpen aria-hidden="true" /> Open case file
          </Link>
        </Button>
        <CaseBody id={dispute.id} />
      </DialogContent>
    </Dialog>
  );
}
