import { Link } from 'wouter';
import { ShieldCheck } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { displayName, formatMoney } from '@/lib/format';
import type { CheckoutPayment } from '../lib/checkout-payment';

/**
 * What the buyer is paying for: amount, fee and total, in the transaction's currency; of a deal paid in
 * stages, the stages this payment funds first, each with its total.
 */
export function OrderSummary({ tx, payment }: { tx: TTransaction; payment: CheckoutPayment }) {
  const seller = tx.seller ? displayName({ ...tx.seller, email: tx.sellerEmail }) : tx.sellerEmail;
  const money = (amount: string) => formatMoney(amount, tx.currency);
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
        {payment.milestones && (
          <div className="space-y-2 rounded-md border p-3" data-testid="paying-for">
            <p className="font-medium">
              Paying for {payment.milestones.length} of {tx.milestones.length} stages
            </p>
            <ol className="space-y-1.5">
              {payment.milestones.map((m) => (
                <li key={m.id} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    <span className="text-muted-foreground">Stage {m.position}:</span> {m.title}
                  </span>
                  <span className="shrink-0 text-right">
                    {money(m.total)}
                    <span className="block text-xs text-muted-foreground">incl. fee {money(m.fee)}</span>
                  </span>
                </li>
              ))}
            </ol>
            <Link href={`/transactions/${tx.id}`} className="text-sm font-medium text-primary underline">
              Choose other stages
            </Link>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <span className="text-muted-foreground">Amount</span>
          <span className="font-medium">{money(payment.amount)}</span>
        </div>
        <div className="flex justify-between gap-3">
          <span className="text-muted-foreground">Service fee ({FEE_RATE_LABEL})</span>
          <span className="font-medium">{money(payment.fee)}</span>
        </div>
        <Separator />
        <div className="flex items-center justify-between gap-3">
          <span className="font-semibold">Total</span>
          <span className="text-xl font-bold text-brand-ink">{money(payment.total)}</span>
        </div>
        <div className="flex gap-2 rounded-md bg-primary/5 p-3 text-xs text-muted-foreground">
          <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <p>
            {payment.milestones
              ? 'Each stage’s payment is held in its own escrow and released to the seller only when you confirm that stage.'
              : 'Your payment is held in escrow and released to the seller only when you confirm receipt.'}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
