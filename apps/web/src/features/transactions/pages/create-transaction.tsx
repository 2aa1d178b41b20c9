import { PlusCircle } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function CreateTransactionPage() {
  return (
    <ComingSoon
      title="Create Transaction"
      description="Set up a new escrow transaction with a seller or service provider."
      icon={<PlusCircle />}
      summary="Here you will create an escrow transaction: choose product or service, currency and amount, enter the seller's email and describe the deal; the 3% fee is calculated for you."
    />
  );
}
