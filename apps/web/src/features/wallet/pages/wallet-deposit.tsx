import { Banknote } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function WalletDepositPage() {
  return (
    <ComingSoon
      title="Deposit Funds"
      description="Add money to your Holdfast wallet."
      icon={<Banknote />}
      summary="Here you will choose a currency and amount and pay by card to top up your wallet."
    />
  );
}
