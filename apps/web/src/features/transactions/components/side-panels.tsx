import { Calculator, Globe2, ShieldCheck } from 'lucide-react';
import type { TCurrenciesResponse, TValidateAmountResponse } from '@holdfast/contracts';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { cn } from '@/lib/utils';

/** Amount, fee and total, exactly as the server's validation formatted them. */
export function FeeCalculator({ result }: { result: TValidateAmountResponse | null }) {
  const formatted = result?.valid ? result.formatted : null;
  const rows = [
    { label: 'Amount', value: formatted?.amount },
    { label: `Service fee (${FEE_RATE_LABEL})`, value: formatted?.fee },
  ];
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Calculator className="size-4 text-primary" aria-hidden="true" /> Fee Calculator
        </CardTitle>
        <CardDescription>You pay the amount plus a {FEE_RATE_LABEL} service fee.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm" aria-live="polite">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-3">
            <span className="text-muted-foreground">{row.label}</span>
            <span className="font-medium">{row.value ?? '—'}</span>
          </div>
        ))}
        <Separator />
        <div className="flex items-center justify-between gap-3">
          <span className="font-medium">Total you pay</span>
          <span className={cn('text-lg font-bold', formatted ? 'text-brand-ink' : 'text-muted-foreground')}>
            {formatted?.total ?? '—'}
          </span>
        </div>
        {!formatted && <p className="text-xs text-muted-foreground">Enter a valid amount to see the fee and total.</p>}
      </CardContent>
    </Card>
  );
}

/** The calculator in one line, for phones: 'Service fee (3%) R 7,50 · Total you pay R 257,50'. */
export function FeeLine({ result, className }: { result: TValidateAmountResponse | null; className?: string }) {
  const formatted = result?.valid ? result.formatted : null;
  if (!formatted) return null;
  return (
    <p className={cn('text-sm text-brand-ink', className)} aria-live="polite">
      <span className="text-muted-foreground">Service fee ({FEE_RATE_LABEL})</span> {formatted.fee} ·{' '}
      <span className="text-muted-foreground">Total you pay</span> <strong>{formatted.total}</strong>
    </p>
  );
}

/** The first 6 currencies of the summary. */
export function SupportedCurrencies({ currencies }: { currencies: TCurrenciesResponse }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Globe2 className="size-4 text-primary" aria-hidden="true" /> Supported Currencies
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-3 gap-2">
          {currencies.summary.slice(0, 6).map((c) => (
            <li key={c.code} className="flex flex-col items-center rounded-md border bg-muted/40 px-2 py-2 text-center">
              <span className="text-sm font-semibold text-brand-ink">{c.code}</span>
              <span className="text-xs text-muted-foreground">{c.symbol}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function SecureEscrowNote() {
  return (
    <Card className="border-primary/20 bg-primary/5">
      <CardContent className="flex gap-3 p-5">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="space-y-1 text-sm">
          <p className="font-semibold text-brand-ink">Secure Escrow</p>
          <p className="text-muted-foreground">
            Your payment is held safely in escrow. The seller is paid when you confirm you have received what you paid
            for, or when your inspection period after delivery ends without a dispute.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
