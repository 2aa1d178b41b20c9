import * as React from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Ban, CheckCircle2, CreditCard, ShieldAlert } from 'lucide-react';
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
import { errorMessage } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { useTransaction } from '@/lib/queries/get-transaction';
import { chosenMilestones, fundableMilestones } from '@/lib/milestone-payment';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';
import { usePaymentIntent } from '../api/create-payment-intent';
import { CardPayment } from '../components/card-payment';
import { OrderSummary } from '../components/order-summary';
import { WalletOption } from '../components/wallet-option';
import { checkoutPayment, type CheckoutPayment } from '../lib/checkout-payment';

function ViewTransactionButton({ id }: { id: string }) {
  return (
    <Button asChild>
      <Link href={`/transactions/${id}`}>View Transaction</Link>
    </Button>
  );
}

/**
 * /transactions/:id/checkout: the buyer funds the escrow by card or from the wallet. A deal paid in stages
 * pays the milestones named by `?milestones=<id>,<id>` (chosen on its stepper), else its next one.
 */
export function CheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user, isLoading: userLoading } = useUser();
  const transaction = useTransaction(id);
  const chosenParam = new URLSearchParams(useSearch()).get('milestones');

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
  if (tx.milestones.length > 0) {
    const chosen = chosenMilestones(tx, chosenParam);
    if (chosen.length) return <Checkout tx={tx} payment={checkoutPayment(tx, chosen)} />;
    const left = fundableMilestones(tx).length > 0;
    return (
      <NoticeCard
        icon={left ? <Ban /> : <CheckCircle2 />}
        tone={left ? undefined : 'success'}
        title={left ? 'Payment not available' : 'Every stage is funded'}
        description={
          left
            ? 'The stages you chose have been funded already or have ended. Choose the stages to pay on the transaction.'
            : 'No stage of this transaction is waiting for money: each one is funded or has ended.'
        }
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
  return <Checkout tx={tx} payment={checkoutPayment(tx)} />;
}

function Checkout({ tx, payment }: { tx: TTransaction; payment: CheckoutPayment }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const ids = payment.milestones?.map((m) => m.id);
  const intent = usePaymentIntent(tx.id, true, ids);
  const total = formatMoney(payment.total, tx.currency);
  const errorToasted = React.useRef(false);

  React.useEffect(() => {
    if (!intent.isError || errorToasted.current) return;
    errorToasted.current = true;
    toastError(errorMessage(intent.error, 'Failed to initialize payment'));
    // Funded, cancelled or gone meanwhile (ALREADY_FUNDED...): fetch it again, the page then says so.
    if (isStaleTransactionError(intent.error)) invalidateTransactionsAndWallet(queryClient, tx.id);
  }, [intent.isError, intent.error, queryClient, tx.id]);

  // The transaction page announces the payment once it reads the transaction back funded; a card payment of
  // milestones is announced by what the server says of that payment (an earlier milestone already funded the deal).
  const onPaid = React.useCallback(
    async (paymentId?: string) => {
      await invalidateTransactionsAndWallet(queryClient, tx.id);
      const query = paymentId ? `&paymentId=${encodeURIComponent(paymentId)}` : '';
      navigate(`/transactions/${tx.id}?payment=success${query}`);
    },
    [navigate, queryClient, tx.id],
  );
  const paidId = payment.milestones ? intent.data?.paymentId : undefined;
  const onCardPaid = React.useCallback(() => onPaid(paidId), [onPaid, paidId]);
  const onWalletPaid = React.useCallback(() => onPaid(), [onPaid]);

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
        <Link href={`/transactions/${tx.id}`}>
          <ArrowLeft aria-hidden="true" /> Back to Transaction
        </Link>
      </Button>
      <PageHeader
        title="Fund Transaction"
        description={
          payment.milestones
            ? `Pay the stages below, each with its ${FEE_RATE_LABEL} service fee, into escrow.`
            : `Pay the amount plus the ${FEE_RATE_LABEL} service fee into escrow.`
        }
        icon={<CreditCard />}
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          {/* The wallet comes first when it covers the total (or nearly does): no card needed. */}
          <WalletOption tx={tx} payment={payment} onPaid={onWalletPaid} />
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
                  onPaid={onCardPaid}
                />
              )}
            </CardContent>
          </Card>
        </div>
        <div className="order-first lg:order-none lg:col-span-2">
          <OrderSummary tx={tx} payment={payment} />
        </div>
      </div>
    </>
  );
}
