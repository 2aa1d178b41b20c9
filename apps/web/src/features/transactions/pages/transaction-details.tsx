import * as React from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { TransactionUnavailable } from '@/components/transaction-unavailable';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useTransaction } from '@/lib/queries/get-transaction';
import { useSyncPayment } from '@/lib/queries/sync-payment';
import { TransactionCard } from '../components/transaction-card';

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
      <Link href="/transactions">
        <ArrowLeft aria-hidden="true" /> Back to Transactions
      </Link>
    </Button>
  );
}

/**
 * One transaction. Arriving with ?payment=success (after funding) shows the success toast; after a
 * Stripe redirect (&paymentId=...) the payment is synced first so the page shows it funded.
 */
export function TransactionDetailsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const search = new URLSearchParams(useSearch());
  const paymentSuccess = search.get('payment') === 'success';
  const paymentId = search.get('paymentId');
  const transaction = useTransaction(id);
  const sync = useSyncPayment(id);
  const announced = React.useRef(false);
  const { mutate: syncMutate } = sync;

  React.useEffect(() => {
    if (!paymentSuccess || announced.current) return;
    announced.current = true;
    const announce = () =>
      toast({ title: 'Payment Successful', description: 'Your transaction has been funded successfully!' });
    if (paymentId) syncMutate(paymentId, { onSettled: announce });
    else announce();
  }, [paymentSuccess, paymentId, syncMutate]);

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
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">Transaction Details</h1>
      <TransactionCard tx={transaction.data} />
    </>
  );
}
