import { CreditCard } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function CheckoutPage() {
  return (
    <ComingSoon
      title="Fund Transaction"
      description="Pay the amount plus the service fee into escrow."
      icon={<CreditCard />}
      summary="Here the buyer will pay a transaction into escrow by card or from the wallet."
      backHref="/transactions"
      backLabel="Back to Transactions"
    />
  );
}
