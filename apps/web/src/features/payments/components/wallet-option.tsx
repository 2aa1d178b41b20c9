import * as React from 'react';
import { Link } from 'wouter';
import { Banknote, Wallet } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { ReviewMoneyStep, type ReviewRow } from '@/components/review-money-step';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toastError } from '@/components/ui/use-toast';
import { errorCode, errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useWalletBalance } from '@/lib/queries/get-wallet-balance';
import { useFundFromWallet } from '../api/fund-from-wallet';
import { walletCoverage } from '../lib/wallet-coverage';
import type { CheckoutPayment } from '../lib/checkout-payment';

interface WalletOptionProps {
  tx: TTransaction;
  payment: CheckoutPayment;
  onPaid: () => void;
}

/**
 * 'Pay from wallet' when the wallet holds enough in the transaction's currency, after a review step (what is
 * paid for, amount, fee, total, the wallet and its balance after); 'Top up' by the shortfall when it holds at
 * least half. A deposit is offered instead when the server finds the balance short (INSUFFICIENT_FUNDS:
 * spent meanwhile). Of a deal paid in stages it pays the chosen milestones, one payment into each one's escrow.
 */
export function WalletOption({ tx, payment, onPaid }: WalletOptionProps) {
  const wallet = useWalletBalance();
  const ids = payment.milestones?.map((m) => m.id);
  const fund = useFundFromWallet(tx.id, ids);
  const [short, setShort] = React.useState(false);
  const [reviewing, setReviewing] = React.useState(false);
  const balance = wallet.data?.balances.find((b) => b.currency === tx.currency)?.balance;
  const coverage = walletCoverage(balance, payment.total, tx.currency);
  const money = (amount: string) => formatMoney(amount, tx.currency);
  if (short) return <DepositOffer total={money(payment.total)} currency={tx.currency} />;
  if (coverage.kind === 'top-up') {
    const query = {
      amount: coverage.topUp,
      currency: tx.currency,
      for: tx.id,
      ...(ids ? { milestones: ids.join(',') } : {}),
    };
    return (
      <WalletCard
        description={`Your ${tx.currency} wallet holds ${money(coverage.balance)} of the ${money(payment.total)} this payment needs. Top it up, then pay from it; or pay by card below.`}
      >
        <Button asChild variant="gold" className="w-full">
          <Link href={`/wallet/deposit?${new URLSearchParams(query)}`}>
            <Banknote aria-hidden="true" /> Top up {money(coverage.topUp)}
          </Link>
        </Button>
      </WalletCard>
    );
  }
  if (coverage.kind !== 'covers') return null;
  const stages: ReviewRow[] = payment.milestones
    ? [
        {
          label: payment.milestones.length > 1 ? 'Stages' : 'Stage',
          value: payment.milestones.map((m) => (
            <span key={m.id} className="block">
              {m.position}. {m.title}
            </span>
          )),
        },
      ]
    : [];
  return (
    <WalletCard
      description={`Your ${tx.currency} wallet holds ${money(coverage.balance)}. Pay ${money(payment.total)} from it instantly.`}
    >
      <Button className="w-full" disabled={fund.isPending} onClick={() => setReviewing(true)}>
        <Wallet aria-hidden="true" /> Pay from wallet
      </Button>
      <ReviewMoneyStep
        open={reviewing}
        onOpenChange={setReviewing}
        title="Review your payment"
        description={
          payment.milestones
            ? "The total moves from your wallet into escrow, each stage's share held until you confirm that stage's delivery."
            : 'The total moves from your wallet into escrow, where it is held until you confirm delivery.'
        }
        rows={[
          ...stages,
          { label: 'Amount', value: money(payment.amount) },
          { label: `Service fee (${FEE_RATE_LABEL})`, value: money(payment.fee) },
          { label: 'Total', value: money(payment.total), strong: true },
          { label: 'From', value: `Your ${tx.currency} wallet (${money(coverage.balance)})` },
          { label: 'Balance after', value: money(coverage.after), strong: true },
        ]}
        confirmLabel={`Pay ${money(payment.total)}`}
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
    </WalletCard>
  );
}

function WalletCard({ description, children }: { description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Wallet className="size-4 text-primary" aria-hidden="true" /> Pay from your wallet
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The wallet does not cover the total: add money to it, then come back and pay from it. */
function DepositOffer({ total, currency }: { total: string; currency: string }) {
  return (
    <WalletCard
      description={`Your ${currency} wallet does not hold the ${total} this payment needs. Deposit funds into it, or pay by card below.`}
    >
      <Button asChild variant="outline" className="w-full">
        <Link href="/wallet/deposit">
          <Banknote aria-hidden="true" /> Deposit Funds
        </Link>
      </Button>
    </WalletCard>
  );
}
