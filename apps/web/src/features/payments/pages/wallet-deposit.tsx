import * as React from 'react';
import { Link, useLocation } from 'wouter';
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
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { useCreateDeposit } from '../api/create-deposit';
import { CardPayment } from '../components/card-payment';
import { depositValidation, splitMessage } from '../lib/deposit';

/** The payment form's default currency (spec section 9). */
const DEPOSIT_DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** /wallet/deposit: choose a currency and amount, then pay by card into the wallet. */
export function WalletDepositPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { currencies } = useCurrencies();
  const create = useCreateDeposit();
  const [currency, setCurrency] = React.useState<string>(DEPOSIT_DEFAULT_CURRENCY);
  const [amount, setAmount] = React.useState('');
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
    navigate('/dashboard');
  }, [navigate, queryClient]);

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
