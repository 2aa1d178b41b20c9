import { ShieldCheck } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { displayName, formatMoney } from '@/lib/format';

/** What the buyer is paying for: amount, fee and total, in the transaction's currency. */
export function OrderSummary({ tx }: { tx: TTransaction }) {
  const seller = tx.seller ? displayName({ ...tx.seller, email: tx.sellerEmail }) : tx.sellerEmail;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Payment Summary</CardTitle>
        <CardDescription className="line-clamp-3 break-words">{tx.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <div className="flex justify-between gap-3">
          <span className="text-muted-foreground">{tx.type === 'service' ? 'Service provider' : 'Seller'}</span>
          <span className="truncate font-medium">{seller}</span>
        </div>
        <div className="flex justify-between gap-3">
          <span className="text-muted-foreground">Amount</span>
          <span className="font-medium">{formatMoney(tx.amount, tx.currency)}</span>
        </div>
        <div className="flex justify-between gap-3">
          <span className="text-muted-foreground">Service fee ({FEE_RATE_LABEL})</span>
          <span className="font-medium">{formatMoney(tx.fee, tx.currency)}</span>
        </div>
        <Separator />
        <div className="flex items-center justify-between gap-3">
          <span className="font-semibold">Total</span>
          <span className="text-xl font-bold text-brand-ink">{formatMoney(tx.total, tx.currency)}</span>
        </div>
        <div className="flex gap-2 rounded-md bg-primary/5 p-3 text-xs text-muted-foreground">
          <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <p>Your payment is held in escrow and released to the seller only when you confirm receipt.</p>
        </div>
      </CardContent>
    </Card>
  );
}
