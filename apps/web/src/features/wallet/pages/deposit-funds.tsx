import { Wallet } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function DepositFundsPage() {
  return (
    <ComingSoon
      title="Wallet & Deposits"
      description="Your balance, verification status and recent wallet activity."
      icon={<Wallet />}
      summary="Here you will see your wallet balance, verification badges and your 10 most recent wallet movements."
    />
  );
}
