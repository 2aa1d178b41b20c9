import * as React from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Ban, Banknote, CheckCircle2, CreditCard, ShieldAlert, Wallet } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { FEE_RATE_LABEL, decimalsOf, toMinor } from '@holdfast/contracts/constants';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { TransactionUnavailable } from '@/components/transaction-unavailable';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NoticeCard } from '@/components/ui/notice-card';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
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
          <WalletOption tx={tx} onPaid={onPaid} />
        </div>
        <div className="order-first lg:order-none lg:col-span-2">
          <OrderSummary tx={tx} />
        </div>
      </div>
    </>
  );
}

/**
 * 'Pay from wallet' when the wallet holds enough in the transaction's currency; a deposit is offered
 * instead when the server finds the balance short (INSUFFICIENT_FUNDS: spent elsewhere meanwhile).
 */
function WalletOption({ tx, onPaid }: { tx: TTransaction; onPaid: () => void }) {
  const wallet = useWalletBalance();
  const fund = useFundFromWallet(tx.id);
  const [short, setShort] = React.useState(false);
  const balance = wallet.data?.balances.find((b) => b.currency === tx.currency)?.balance;
  const covers =
    balance !== undefined &&
    (toMinor(balance, decimalsOf(tx.currency)) ?? 0n) >= (toMinor(tx.total, decimalsOf(tx.currency)) ?? 0n);
  if (short) return <DepositOffer tx={tx} />;
  if (!covers) return null;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Wallet className="size-4 text-primary" aria-hidden="true" /> Pay from your wallet
        </CardTitle>
        <CardDescription>
          Your {tx.currency} wallet holds {formatMoney(balance, tx.currency)}. Pay {formatMoney(tx.total, tx.currency)}{' '}
          from it instantly.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="outline"
          className="w-full"
          disabled={fund.isPending}
          onClick={() =>
            fund.mutate(undefined, {
              onSuccess: onPaid,
              onError: (err) => {
                toastError(errorMessage(err, 'Payment Error'));
                if (errorCode(err) === 'INSUFFICIENT_FUNDS') setShort(true);
              },
            })
          }
        >
          {fund.isPending ? <Spinner /> : <Wallet aria-hidden="true" />}
          {fund.isPending ? 'Paying...' : 'Pay from wallet'}
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
          funds into it, or pay by card above.
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
