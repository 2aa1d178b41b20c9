import { ReceiptLink } from '../components/receipt-link';
import * as React from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { TPaymentIntentStatus } from '@holdfast/contracts';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { TransactionUnavailable } from '@/components/transaction-unavailable';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useTransaction } from '@/lib/queries/get-transaction';
import { useSyncPayment } from '@/lib/queries/sync-payment';
import { TransactionCard } from '../components/transaction-card';
import { TransactionTimeline } from '../components/transaction-timeline';

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
      <Link href="/transactions">
        <ArrowLeft aria-hidden="true" /> Back to Transactions
      </Link>
    </Button>
  );
}

/** Tells the payer what the server says of the payment they just made; never more than that. */
function announcePayment(status: TPaymentIntentStatus, failureMessage?: string | null) {
  if (status === 'succeeded') {
    toast({ title: 'Payment Successful', description: 'Your transaction has been funded successfully!' });
  } else if (status === 'processing') {
    toast({ title: 'Payment Processing', description: 'Your bank is still confirming this payment.' });
  } else {
    toastError(failureMessage ?? 'This payment did not go through. No money was taken.');
  }
}

/**
 * One transaction. Arriving with ?payment=success (a provider's return URL) the payment is synced
 * first (&paymentId=...) so the page shows it funded, and the toast says what the server says; without a
 * paymentId the success toast shows only if the transaction is funded. The parameters are then dropped.
 */
export function TransactionDetailsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const paymentSuccess = search.get('payment') === 'success';
  const paymentId = search.get('paymentId');
  const transaction = useTransaction(id);
  const sync = useSyncPayment(id);
  const announced = React.useRef(false);
  const { mutate: syncMutate } = sync;
  const funded = transaction.data ? transaction.data.paymentStatus === 'succeeded' : undefined;

  React.useEffect(() => {
    if (!paymentSuccess || announced.current) return;
    if (paymentId) {
      syncMutate(paymentId, {
        onSuccess: (payment) => announcePayment(payment.status, payment.failureMessage),
        onError: (err) => toastError(errorMessage(err, 'We could not check this payment just now.')),
      });
    } else if (funded === undefined || transaction.isFetching) {
      return; // wait for the transaction as it is now
    } else if (funded) {
      announcePayment('succeeded');
    }
    announced.current = true;
    navigate(`/transactions/${id}`, { replace: true });
  }, [paymentSuccess, paymentId, syncMutate, funded, transaction.isFetching, navigate, id]);

  if (transaction.isLoading) return <PageSpinner message="Loading transaction..." />;
  if (transaction.isError || !transaction.data) {
    return (
      <>
        <BackLink />
        <TransactionUnavailable error={transaction.error} />
      </>
    );
  }
  return (
    <>
      <BackLink />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">Transaction Details</h1>
        <ReceiptLink tx={transaction.data} />
        {(transaction.data.viewerRole === 'buyer' || transaction.data.viewerRole === 'seller') && (
          <Button asChild variant="outline" size="sm">
            <Link href={`/messages?conversation=${encodeURIComponent(transaction.data.id)}`}>
              <MessageSquare aria-hidden="true" />
              Message {transaction.data.viewerRole === 'buyer' ? 'Seller' : 'Buyer'}
            </Link>
          </Button>
        )}
      </div>
      <div className="space-y-4">
        <TransactionCard tx={transaction.data} />
        <TransactionTimeline tx={transaction.data} />
      </div>
    </>
  );
}
