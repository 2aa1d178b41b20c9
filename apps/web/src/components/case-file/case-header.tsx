import type { TDisputeCase } from '@holdfast/contracts';
import { DISPUTE_RESOLUTION_LABELS, DISPUTE_TYPE_LABELS } from '@holdfast/contracts/constants';
import { Badge } from '@/components/ui/badge';
import { DISPUTE_STATUS_LABELS, disputeSplitText, disputedMoney } from '@/lib/dispute-split';
import { displayName, formatDateTime, formatMoney, humanize } from '@/lib/format';

function Item({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * A case at a glance: the dispute, its amounts, both parties and where it stands. Staff see the parties'
 * emails (the transaction view gives them); a party sees what their transaction page shows.
 */
export function CaseHeader({ data }: { data: TDisputeCase }) {
  const { dispute, transaction: tx } = data;
  const money = (v: string) => formatMoney(v, tx.currency);
  const staff = tx.viewerRole === 'moderator' || tx.viewerRole === 'admin';
  const split = disputeSplitText(dispute);
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={dispute.status === 'resolved' ? 'secondary' : 'info'}>
          {DISPUTE_STATUS_LABELS[dispute.status]}
        </Badge>
        <Badge variant="muted">{humanize(dispute.priority)} priority</Badge>
        <span className="text-muted-foreground">
          {DISPUTE_TYPE_LABELS[dispute.type]} · opened by the {dispute.initiatedBy} on{' '}
          {formatDateTime(dispute.createdAt)}
        </span>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Item label="Amount">{money(tx.amount)}</Item>
        {/* What the case holds: the disputed part with its fee share (all of it unless the buyer disputed part). */}
        <Item label={dispute.status === 'resolved' ? 'Was in dispute' : 'Held in escrow for the case'}>
          {money(disputedMoney(dispute).held)}
        </Item>
        {split && (
          <Item label="Partial dispute" wide>
            {split}
          </Item>
        )}
        <Item label="Buyer">
          {displayName(tx.buyer)}
          {staff && <span className="font-normal text-muted-foreground"> ({tx.buyer.email})</span>}
        </Item>
        <Item label="Seller">
          {tx.seller ? displayName({ ...tx.seller, email: tx.sellerEmail }) : tx.sellerEmail}
          {staff && tx.seller && <span className="font-normal text-muted-foreground"> ({tx.sellerEmail})</span>}
        </Item>
        <Item label="Transaction" wide>
          {tx.description}
        </Item>
        <Item label="The dispute" wide>
          <span className="font-normal whitespace-pre-line">{dispute.description}</span>
        </Item>
        {dispute.resolution && (
          <Item label="Outcome" wide>
            {dispute.settledByAgreement ? 'Settled by agreement' : DISPUTE_RESOLUTION_LABELS[dispute.resolution]}
            {dispute.refundAmount &&
              ` · ${money(dispute.refundAmount)} refunded of the ${split ? 'amount in dispute' : 'amount'}`}
          </Item>
        )}
      </dl>
    </div>
  );
}
