import * as React from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CheckCircle2, Clock, FileSearch, XCircle } from 'lucide-react';
import type { TPayment } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { PageSpinner } from '@/components/ui/spinner';
import { errorCode, errorMessage } from '@/lib/api';
import { useSyncPayment } from '@/lib/queries/sync-payment';

export const PAYMENT_SUCCESS_REDIRECT_SECONDS = 5;

/** What the page may say about a payment: only the server's word counts, never the address bar. */
export type PaymentOutcome = 'checking' | 'succeeded' | 'processing' | 'not-completed' | 'missing' | 'unknown';

export function paymentOutcome(input: {
  paymentId: string | null;
  payment?: TPayment;
  error?: unknown;
  settled: boolean;
}): PaymentOutcome {
  if (!input.paymentId) return 'missing';
  if (input.error) {
    const code = errorCode(input.error);
    return code === 'NOT_FOUND' || code === 'VALIDATION' ? 'missing' : 'unknown';
  }
  if (!input.settled || !input.payment) return 'checking';
  switch (input.payment.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    default:
      return 'not-completed';
  }
}

/** Where to try a payment that did not go through again. */
function retryHref(payment: TPayment | undefined): string {
  if (payment?.purpose === 'transaction' && payment.transactionId) {
    return `/transactions/${payment.transactionId}/checkout`;
  }
  return '/wallet/deposit';
}

function DashboardAndTransactions() {
  return (
    <>
      <Button asChild>
        <Link href="/dashboard">Go to Dashboard</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/transactions">View Transactions</Link>
      </Button>
    </>
  );
}

/** The spec's success notice: a visible countdown, then the dashboard. */
function PaymentSucceeded() {
  const [, navigate] = useLocation();
  const [seconds, setSeconds] = React.useState(PAYMENT_SUCCESS_REDIRECT_SECONDS);

  React.useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  React.useEffect(() => {
    if (seconds === 0) navigate('/dashboard');
  }, [seconds, navigate]);

  return (
    <NoticeCard
      icon={<CheckCircle2 />}
      tone="success"
      title="Payment Successful"
      description="Your payment has been processed successfully."
      asPageTitle
      className="mt-8"
    >
      <p className="w-full text-sm text-muted-foreground" aria-live="polite">
        Redirecting to your dashboard in {seconds} second{seconds === 1 ? '' : 's'}...
      </p>
      <DashboardAndTransactions />
    </NoticeCard>
  );
}

/**
 * /payment-success: where a provider sends the payer back (?paymentId=...). The payment is synced with the
 * server first; 'Payment Successful' shows only when the server says it succeeded.
 */
export function PaymentSuccessPage() {
  const paymentId = new URLSearchParams(useSearch()).get('paymentId');
  // The sync refreshes the transactions, the wallet and the user when it settles.
  const sync = useSyncPayment();
  const { mutate } = sync;

  React.useEffect(() => {
    if (paymentId) mutate(paymentId);
  }, [paymentId, mutate]);

  const outcome = paymentOutcome({
    paymentId,
    payment: sync.data,
    error: sync.error,
    settled: sync.isSuccess || sync.isError,
  });

  switch (outcome) {
    case 'checking':
      return <PageSpinner message="Confirming your payment..." />;
    case 'succeeded':
      return <PaymentSucceeded />;
    case 'processing':
      return (
        <NoticeCard
          icon={<Clock />}
          tone="info"
          title="Payment Processing"
          description="Your bank is still confirming this payment. Your balance updates as soon as it succeeds; nothing more is needed from you."
          asPageTitle
          className="mt-8"
        >
          <DashboardAndTransactions />
        </NoticeCard>
      );
    case 'not-completed':
      return (
        <NoticeCard
          icon={<XCircle />}
          tone="danger"
          title="Payment Not Completed"
          description={sync.data?.failureMessage ?? 'This payment did not go through. No money was taken.'}
          asPageTitle
          className="mt-8"
        >
          <Button asChild>
            <Link href={retryHref(sync.data)}>Try Again</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </NoticeCard>
      );
    case 'missing':
      return (
        <NoticeCard
          icon={<FileSearch />}
          title="Payment Not Found"
          description="There is no payment of yours to confirm here."
          asPageTitle
          className="mt-8"
        >
          <DashboardAndTransactions />
        </NoticeCard>
      );
    case 'unknown':
      return (
        <NoticeCard
          icon={<Clock />}
          tone="warning"
          title="Payment Status Unknown"
          description={errorMessage(
            sync.error,
            'We could not check this payment just now. Your balance shows it once it succeeds.',
          )}
          asPageTitle
          className="mt-8"
        >
          <Button onClick={() => paymentId && mutate(paymentId)}>Check Again</Button>
          <Button asChild variant="outline">
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </NoticeCard>
      );
  }
}
