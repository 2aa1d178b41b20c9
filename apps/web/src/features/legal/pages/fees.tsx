import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Calculator, Percent } from 'lucide-react';
import {
  DEFAULT_CURRENCY,
  FEE_RATE_LABEL,
  checkTransactionAmount,
  formatMoney,
  isCurrencyCode,
  type CurrencyCode,
  type TCurrenciesResponse,
} from '@holdfast/contracts';
import { CurrencySelect } from '@/components/currency-select';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { currenciesQueryOptions } from '@/lib/queries/get-currencies';
import { feeExample, feeExamples, splitExample } from '../lib/fee-examples';

const RULES = [
  `The buyer pays a service fee of ${FEE_RATE_LABEL} of the transaction amount, on top of the amount, into escrow.`,
  'The fee is rounded half-up to the smallest unit of the currency (a cent, for example).',
  'The seller receives the whole amount when the money is released: the fee is kept from what the buyer paid.',
  'Deposits into your wallet and withdrawals to your bank account carry no fee of ours.',
];

function ExamplesTable({ currency }: { currency: CurrencyCode }) {
  const rows = feeExamples(currency);
  return (
    <table className="w-full text-[13px] sm:text-sm [&_td]:whitespace-nowrap [&_th]:whitespace-nowrap">
      <caption className="sr-only">Worked examples in {currency}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-2 font-medium">
            Amount
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            Fee ({FEE_RATE_LABEL})
          </th>
          <th scope="col" className="py-2 pr-2 font-medium">
            Buyer pays
          </th>
          <th scope="col" className="py-2 font-medium">
            Seller gets
          </th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {rows.map((r) => (
          <tr key={r.amount} className="border-b last:border-0">
            <th scope="row" className="py-2 pr-2 text-left font-medium text-brand-ink">
              {r.amount}
            </th>
            <td className="py-2 pr-2">{r.fee}</td>
            <td className="py-2 pr-2">{r.total}</td>
            <td className="py-2">{r.sellerGets}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Any amount, checked and charged by the same rule as a new transaction. */
function FeeCalculator({ currencies }: { currencies: TCurrenciesResponse }) {
  const [currency, setCurrency] = React.useState<CurrencyCode>(DEFAULT_CURRENCY);
  const [amount, setAmount] = React.useState('1000.00');
  const check = amount.trim() ? checkTransactionAmount(amount, currency) : null;
  const example = check?.valid ? feeExample(amount, currency) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Calculator className="size-5 text-primary" aria-hidden="true" />
          Work out a fee
        </CardTitle>
        <CardDescription>The same rule and limits as a new transaction.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="fee-amount">Amount</Label>
            <Input
              id="fee-amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={check && !check.valid ? true : undefined}
              aria-describedby="fee-result"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="fee-currency">Currency</Label>
            <CurrencySelect
              id="fee-currency"
              value={currency}
              onValueChange={(code) => isCurrencyCode(code) && setCurrency(code)}
              currencies={currencies}
            />
          </div>
        </div>
        <div id="fee-result" aria-live="polite" className="rounded-lg bg-muted/60 px-4 py-3 text-sm">
          {!check ? (
            <p className="text-muted-foreground">Enter an amount.</p>
          ) : !check.valid ? (
            <p className="text-destructive">{check.error}</p>
          ) : example ? (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 tabular-nums sm:grid-cols-4">
              <dt className="text-muted-foreground">Fee</dt>
              <dd className="font-medium text-brand-ink">{example.fee}</dd>
              <dt className="text-muted-foreground">Buyer pays</dt>
              <dd className="font-medium text-brand-ink">{example.total}</dd>
              <dt className="text-muted-foreground">Seller gets</dt>
              <dd className="font-medium text-brand-ink">{example.sellerGets}</dd>
            </dl>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** The limits of each currency, as the server enforces them (GET /api/currencies). */
function CurrencyLimits({ currencies }: { currencies: TCurrenciesResponse }) {
  const money = (amount: string, code: string) => formatMoney(amount, code);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {currencies.supported.map((c) => (
        <li key={c.code} className="rounded-lg border bg-card p-4">
          <p className="font-semibold text-brand-ink">
            {c.name} <span className="font-normal text-muted-foreground">({c.code})</span>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm tabular-nums">
            <dt className="text-muted-foreground">Smallest transaction</dt>
            <dd className="text-right">{money(c.minAmount, c.code)}</dd>
            <dt className="text-muted-foreground">Largest transaction</dt>
            <dd className="text-right">{money(c.maxAmount, c.code)}</dd>
            <dt className="text-muted-foreground">Smallest deposit</dt>
            <dd className="text-right">{money(c.minDeposit, c.code)}</dd>
            <dt className="text-muted-foreground">Smallest withdrawal</dt>
            <dd className="text-right">{money(c.minWithdrawal, c.code)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** /fees: the fee rule, worked examples from the shared fee function, and the server's currency limits. */
export function FeesPage() {
  const currencies = useQuery(currenciesQueryOptions());
  const split = splitExample('1000.00', '400.00', DEFAULT_CURRENCY)!;
  return (
    <div className="mx-auto max-w-5xl min-w-0 space-y-8">
      <PageHeader
        title="Fees"
        description={`One fee, paid by the buyer: ${FEE_RATE_LABEL} of the transaction amount. Nothing else.`}
        icon={<Percent />}
      />
      <section aria-labelledby="fee-rule" className="space-y-3">
        <h2 id="fee-rule" className="text-lg font-semibold text-brand-ink">
          The rule
        </h2>
        <ul className="list-disc space-y-1.5 pl-6 leading-relaxed">
          {RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="fee-examples" className="space-y-3">
        <h2 id="fee-examples" className="text-lg font-semibold text-brand-ink">
          Worked examples
        </h2>
        <Card>
          <CardContent className="px-3 py-2 sm:px-6">
            <ExamplesTable currency={DEFAULT_CURRENCY} />
          </CardContent>
        </Card>
        <p className="text-sm text-muted-foreground">
          The third example shows the rounding: {FEE_RATE_LABEL} of {feeExample('1000.50', DEFAULT_CURRENCY)!.amount}{' '}
          ends in half a cent, which rounds up to {feeExample('1000.50', DEFAULT_CURRENCY)!.fee}.
        </p>
      </section>

      <section aria-labelledby="fee-disputes" className="space-y-3">
        <h2 id="fee-disputes" className="text-lg font-semibold text-brand-ink">
          When a dispute is decided
        </h2>
        <ul className="list-disc space-y-1.5 pl-6 leading-relaxed">
          <li>Released to the seller: as a normal release. The seller gets the amount.</li>
          <li>Refunded to the buyer: the buyer gets back everything they paid, the fee included.</li>
          <li>
            Split: the buyer gets the refunded part and the same share of the fee; the seller gets the rest of the
            amount. For a deal of {split.amount} (the buyer paid {split.total}) with {split.refund} refunded, the buyer
            gets {split.buyerGets}, the seller {split.sellerGets}, and {split.feeKept} of the fee is kept.
          </li>
        </ul>
        <p className="text-sm text-muted-foreground">
          How disputes work and their deadlines:{' '}
          <Link href="/help#disputes" className="font-medium text-primary hover:underline">
            Help
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="fee-limits" className="space-y-3">
        <h2 id="fee-limits" className="text-lg font-semibold text-brand-ink">
          Limits per currency
        </h2>
        {currencies.isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading the currency limits" />
          </div>
        ) : !currencies.data ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(currencies.error, 'Failed to load the currency limits')}
          </p>
        ) : (
          <CurrencyLimits currencies={currencies.data} />
        )}
      </section>

      {currencies.data && <FeeCalculator currencies={currencies.data} />}
    </div>
  );
}
