import * as React from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Banknote, ShieldCheck } from 'lucide-react';
import {
  CURRENCIES,
  displayLimit,
  isCurrencyCode,
  type CurrencyCode,
  type TPaymentIntentResponse,
} from '@holdfast/contracts';
import { CurrencySelect } from '@/components/currency-select';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useCurrencies } from '@/lib/queries/get-currencies';
import { useWalletBalance } from '@/lib/queries/get-wallet-balance';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { useCreateDeposit } from '../api/create-deposit';
import { CardPayment } from '../components/card-payment';
import { depositValidation, splitMessage } from '../lib/deposit';

/** The payment form's default currency (spec section 9), when the wallet's own is not known. */
const DEPOSIT_DEFAULT_CURRENCY: CurrencyCode = 'USD';

/**
 * `?amount=444.00&currency=ZAR&for=<transaction>` (checkout's Top up; `&milestones=<id>,<id>` for the stages
 * it pays): the deposit prefilled, when the values make sense, and where to return once paid.
 */
function prefillOf(search: string): {
  amount: string;
  currency: CurrencyCode | null;
  payFor: string | null;
  milestones: string | null;
} {
  const params = new URLSearchParams(search);
  const currency = params.get('currency');
  const amount = params.get('amount') ?? '';
  const payFor = params.get('for');
  const milestones = params.get('milestones');
  return {
    payFor: payFor && /^[\w-]{1,64}$/.test(payFor) ? payFor : null,
    milestones: milestones && /^[\w,-]{1,800}$/.test(milestones) ? milestones : null,
    amount: /^\d{1,12}(\.\d{1,2})?$/.test(amount) ? amount : '',
    currency: isCurrencyCode(currency) ? currency : null,
  };
}

/**
 * /wallet/deposit: choose a currency and amount, then pay by card into the wallet. The currency starts as
 * the wallet's own (the issue 32 rule, over the spec's USD), unless a link asks for another.
 */
export function WalletDepositPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const { currencies } = useCurrencies();
  const create = useCreateDeposit();
  const [prefill] = React.useState(() => prefillOf(search));
  const wallet = useWalletBalance();
  // Null until the person picks one: the wallet's currency may arrive after the first render.
  const [chosen, setCurrency] = React.useState<string | null>(prefill.currency);
  const walletCurrency = wallet.data?.currency;
  const currency = chosen ?? (isCurrencyCode(walletCurrency) ? walletCurrency : DEPOSIT_DEFAULT_CURRENCY);
  const [amount, setAmount] = React.useState(prefill.amount);
  const [intent, setIntent] = React.useState<TPaymentIntentResponse | null>(null);
  const code = isCurrencyCode(currency) ? currency : DEPOSIT_DEFAULT_CURRENCY;
  const problemToast = React.useRef<{ dismiss: () => void } | null>(null);

  const onContinue = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = depositValidation(amount, currency);
    if (problem) {
      problemToast.current = toast({ variant: 'destructive', ...problem });
      return;
    }
    problemToast.current?.dismiss();
    create.mutate(
      { amount: amount.trim(), currency: code },
      {
        onSuccess: setIntent,
        onError: (err) => {
          const message = errorMessage(err, 'Failed to create deposit');
          const { title, description } = splitMessage(message);
          if (description) toast({ variant: 'destructive', title, description });
          else toastError(message);
        },
      },
    );
  };

  const onPaid = React.useCallback(() => {
    toast({ title: 'Deposit Successful', description: 'Your wallet has been credited successfully!' });
    void invalidateTransactionsAndWallet(queryClient);
    // A top-up for a payment goes back to its checkout, where the wallet now covers it.
    const stages = prefill.milestones ? `?milestones=${prefill.milestones}` : '';
    navigate(prefill.payFor ? `/transactions/${prefill.payFor}/checkout${stages}` : '/dashboard');
  }, [navigate, queryClient, prefill.payFor, prefill.milestones]);

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
        <Link href="/deposit-funds">
          <ArrowLeft aria-hidden="true" /> Back to Wallet
        </Link>
      </Button>
      <PageHeader title="Deposit Funds" description="Add money to your Holdfast wallet by card." icon={<Banknote />} />
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          {!intent ? (
            <>
              <CardHeader>
                <CardTitle>Deposit amount</CardTitle>
                <CardDescription>Choose the wallet currency and how much to add.</CardDescription>
              </CardHeader>
              <CardContent>
                <form onSubmit={onContinue} className="grid gap-5" noValidate>
                  <div className="grid gap-2">
                    <Label htmlFor="deposit-currency">Currency</Label>
                    <CurrencySelect
                      id="deposit-currency"
                      value={currency}
                      onValueChange={setCurrency}
                      currencies={currencies}
                    />
                  </div>
                  <div className="grid gap-2">
                    <Label htmlFor="deposit-amount">Amount</Label>
                    <Input
                      id="deposit-amount"
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min="0"
                      placeholder="0.00"
                      value={amount}
                      onChange={(e) => setAmount(e.target.value)}
                      aria-describedby="deposit-amount-hint"
                    />
                    <p id="deposit-amount-hint" className="text-xs text-muted-foreground">
                      Minimum deposit is {displayLimit(CURRENCIES[code].minDeposit, code)}.
                    </p>
                  </div>
                  <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={create.isPending}>
                    {create.isPending && <Spinner />}
                    {create.isPending ? 'Preparing payment...' : 'Continue to Payment'}
                  </Button>
                </form>
              </CardContent>
            </>
          ) : (
            <>
              <CardHeader>
                <CardTitle>Pay by card</CardTitle>
                <CardDescription>
                  Depositing {formatMoney(intent.amount, intent.currency)} into your {intent.currency} wallet.
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <CardPayment
                  intent={intent}
                  payLabel={`Pay ${formatMoney(intent.amount, intent.currency)}`}
                  returnPath={`/payment-success?paymentId=${encodeURIComponent(intent.paymentId)}`}
                  onPaid={onPaid}
                />
                <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setIntent(null)}>
                  Change amount
                </Button>
              </CardContent>
            </>
          )}
        </Card>
        <Card className="h-fit border-primary/20 bg-primary/5 lg:col-span-2">
          <CardContent className="flex gap-3 p-5">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="space-y-1 text-sm">
              <p className="font-semibold text-brand-ink">Fund transactions instantly</p>
              <p className="text-muted-foreground">
                Money in your wallet can pay for an escrow transaction in the same currency without entering a card
                again. Refunds from cancelled transactions also land here.
              </p>
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
