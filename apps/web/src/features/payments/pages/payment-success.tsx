import * as React from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { useSyncPayment } from '@/lib/queries/sync-payment';

export const PAYMENT_SUCCESS_REDIRECT_SECONDS = 5;

/** /payment-success: confirms the payment, then returns to the dashboard after 5 seconds. */
export function PaymentSuccessPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const paymentId = new URLSearchParams(useSearch()).get('paymentId');
  const { mutate: sync } = useSyncPayment();
  const [seconds, setSeconds] = React.useState(PAYMENT_SUCCESS_REDIRECT_SECONDS);

  React.useEffect(() => {
    // After a provider redirect, apply the payment before the wallet is shown again.
    // The sync refreshes the transactions, the wallet and the user when it settles.
    if (paymentId) sync(paymentId);
    else invalidateTransactionsAndWallet(queryClient);
  }, [paymentId, sync, queryClient]);

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
      <Button asChild>
        <Link href="/dashboard">Go to Dashboard</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/transactions">View Transactions</Link>
      </Button>
    </NoticeCard>
  );
}
