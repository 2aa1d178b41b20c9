import * as React from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Ban, Banknote, CheckCircle2, CreditCard, ShieldAlert, Wallet } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { TransactionUnavailable } from '@/components/transaction-unavailable';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NoticeCard } from '@/components/ui/notice-card';
import { PageSpinner } from '@/components/ui/spinner';
import { toastError } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { useTransaction } from '@/lib/queries/get-transaction';
import { useWalletBalance } from '@/lib/queries/get-wallet-balance';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useFundFromWallet } from '../api/fund-from-wallet';
import { CardPayment } from '../components/card-payment';
import { OrderSummary } from '../components/order-summary';
import { ReviewMoneyStep } from '@/components/review-money-step';
import { walletCoverage } from '../lib/wallet-coverage';

function ViewTransactionButton({ id }: { id: string }) {
  return (
    <Button asChild>
      <Link href={`/transactions/${id}`}>View Transaction</Link>
    </Button>
  );
}

/** /transactions/:id/checkout: the buyer funds the escrow by card or from the wallet. */
export function CheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user, isLoading: userLoading } = useUser();
  const transaction = useTransaction(id);

  if (userLoading) return <PageSpinner />;
  if (!user) {
    return <AccessDenied description="Please log in to complete payment." />;
  }
  if (transaction.isLoading) return <PageSpinner message="Loading transaction..." />;
  const tx = transaction.data;
  if (!tx) {
    return <TransactionUnavailable error={transaction.error} />;
  }
  if (tx.viewerRole !== 'buyer') {
    return (
      <NoticeCard
        icon={<ShieldAlert />}
        tone="warning"
        title="Payment not available"
        description="Only the buyer can fund this transaction."
        asPageTitle
      >
        <ViewTransactionButton id={tx.id} />
      </NoticeCard>
    );
  }
  if (tx.paymentStatus === 'succeeded') {
    return (
      <NoticeCard
        icon={<CheckCircle2 />}
        tone="success"
        title="Already Funded"
        description={`This transaction has already been funded with ${formatMoney(tx.total, tx.currency)}.`}
        asPageTitle
      >
        <ViewTransactionButton id={tx.id} />
      </NoticeCard>
    );
  }
  if (!tx.allowedActions.includes('fund')) {
    return (
      <NoticeCard
        icon={<Ban />}
        title="Payment not available"
        description={`This transaction is ${tx.status} and can no longer be funded.`}
        asPageTitle
      >
        <ViewTransactionButton id={tx.id} />
      </NoticeCard>
    );
  }
  return <Checkout tx={tx} />;
}

function Checkout({ tx }: { tx: TTransaction }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const intent = usePaymentIntent(tx.id, true);
  const total = formatMoney(tx.total, tx.currency);
  const errorToasted = React.useRef(false);

  React.useEffect(() => {
    if (!intent.isError || errorToasted.current) return;
    errorToasted.current = true;
    toastError(errorMessage(intent.error, 'Failed to initialize payment'));
    // Funded, cancelled or gone meanwhile (ALREADY_FUNDED...): fetch it again, the page then says so.
    if (isStaleTransactionError(intent.error)) invalidateTransactionsAndWallet(queryClient, tx.id);
  }, [intent.isError, intent.error, queryClient, tx.id]);

  // The transaction page announces the payment once it reads the transaction back funded.
  const onPaid = React.useCallback(async () => {
    await invalidateTransactionsAndWallet(queryClient, tx.id);
    navigate(`/transactions/${tx.id}?payment=success`);
  }, [navigate, queryClient, tx.id]);

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
        <Link href={`/transactions/${tx.id}`}>
          <ArrowLeft aria-hidden="true" /> Back to Transaction
        </Link>
      </Button>
      <PageHeader
        title="Fund Transaction"
        description={`Pay the amount plus the ${FEE_RATE_LABEL} service fee into escrow.`}
        icon={<CreditCard />}
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          {/* The wallet comes first when it covers the total (or nearly does): no card needed. */}
          <WalletOption tx={tx} onPaid={onPaid} />
          <Card>
            <CardHeader className="pb-4">
              <CardTitle className="flex items-center gap-2 text-base">
                <CreditCard className="size-4 text-primary" aria-hidden="true" /> Pay by card
              </CardTitle>
              <CardDescription>You will be charged {total}.</CardDescription>
            </CardHeader>
            <CardContent>
              {intent.isLoading ? (
                <PageSpinner className="min-h-40" message="Preparing secure payment..." />
              ) : intent.isError || !intent.data ? (
                <Alert variant="destructive">
                  <AlertCircle aria-hidden="true" />
                  <AlertTitle>Failed to initialize payment</AlertTitle>
                  <AlertDescription>
                    <p>{errorMessage(intent.error, 'The payment could not be started. Please try again.')}</p>
                    <Button
                      variant="outline"
                      size="sm"
                      className="mt-2"
                      onClick={() => {
                        errorToasted.current = false;
                        void intent.refetch();
                      }}
                    >
                      Try again
                    </Button>
                  </AlertDescription>
                </Alert>
              ) : (
                <CardPayment
                  intent={intent.data}
                  payLabel={`Pay ${formatMoney(intent.data.amount, intent.data.currency)}`}
                  returnPath={`/transactions/${tx.id}?payment=success&paymentId=${encodeURIComponent(intent.data.paymentId)}`}
                  onPaid={onPaid}
                />
              )}
            </CardContent>
          </Card>
        </div>
        <div className="order-first lg:order-none lg:col-span-2">
          <OrderSummary tx={tx} />
        </div>
      </div>
    </>
  );
}

/**
 * 'Pay from wallet' when the wallet holds enough in the transaction's currency, after a review step (amount,
 * fee, total, the wallet and its balance after); 'Top up' by the shortfall when it holds at least half. A
 * deposit is offered instead when the server finds the balance short (INSUFFICIENT_FUNDS: spent meanwhile).
 */
function WalletOption({ tx, onPaid }: { tx: TTransaction; onPaid: () => void }) {
  const wallet = useWalletBalance();
  const fund = useFundFromWallet(tx.id);
  const [short, setShort] = React.useState(false);
  const [reviewing, setReviewing] = React.useState(false);
  const balance = wallet.data?.balances.find((b) => b.currency === tx.currency)?.balance;
  const coverage = walletCoverage(balance, tx.total, tx.currency);
  if (short) return <DepositOffer tx={tx} />;
  if (coverage.kind === 'top-up') return <TopUpOffer tx={tx} balance={coverage.balance} topUp={coverage.topUp} />;
  if (coverage.kind !== 'covers') return null;
  const money = (amount: string) => formatMoney(amount, tx.currency);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Wallet className="size-4 text-primary" aria-hidden="true" /> Pay from your wallet
        </CardTitle>
        <CardDescription>
          Your {tx.currency} wallet holds {money(coverage.balance)}. Pay {money(tx.total)} from it instantly.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button className="w-full" disabled={fund.isPending} onClick={() => setReviewing(true)}>
          <Wallet aria-hidden="true" /> Pay from wallet
        </Button>
        <ReviewMoneyStep
          open={reviewing}
          onOpenChange={setReviewing}
          title="Review your payment"
          description="The total moves from your wallet into escrow, where it is held until you confirm delivery."
          rows={[
            { label: 'Amount', value: money(tx.amount) },
            { label: `Service fee (${FEE_RATE_LABEL})`, value: money(tx.fee) },
            { label: 'Total', value: money(tx.total), strong: true },
            { label: 'From', value: `Your ${tx.currency} wallet (${money(coverage.balance)})` },
            { label: 'Balance after', value: money(coverage.after), strong: true },
          ]}
          confirmLabel={`Pay ${money(tx.total)}`}
          pendingLabel="Paying..."
          pending={fund.isPending}
          onConfirm={() =>
            fund.mutate(undefined, {
              onSuccess: onPaid,
              onError: (err) => {
                setReviewing(false);
                toastError(errorMessage(err, 'Payment Error'));
                if (errorCode(err) === 'INSUFFICIENT_FUNDS') setShort(true);
              },
            })
          }
        />
      </CardContent>
    </Card>
  );
}

/** The wallet nearly covers the total: top it up by the difference (a deposit prefilled), then pay from it. */
function TopUpOffer({ tx, balance, topUp }: { tx: TTransaction; balance: string; topUp: string }) {
  const href = `/wallet/deposit?${new URLSearchParams({ amount: topUp, currency: tx.currency, for: tx.id })}`;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Wallet className="size-4 text-primary" aria-hidden="true" /> Pay from your wallet
        </CardTitle>
        <CardDescription>
          Your {tx.currency} wallet holds {formatMoney(balance, tx.currency)} of the{' '}
          {formatMoney(tx.total, tx.currency)} this payment needs. Top it up, then pay from it; or pay by card below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="gold" className="w-full">
          <Link href={href}>
            <Banknote aria-hidden="true" /> Top up {formatMoney(topUp, tx.currency)}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The wallet does not cover the total: add money to it, then come back and pay from it. */
function DepositOffer({ tx }: { tx: TTransaction }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Wallet className="size-4 text-primary" aria-hidden="true" /> Pay from your wallet
        </CardTitle>
        <CardDescription>
          Your {tx.currency} wallet does not hold the {formatMoney(tx.total, tx.currency)} this payment needs. Deposit
          funds into it, or pay by card below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="w-full">
          <Link href="/wallet/deposit">
            <Banknote aria-hidden="true" /> Deposit Funds
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
