import { ArrowLeftRight } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function TransactionsPage() {
  return (
    <ComingSoon
      title="Transactions"
      description="Track and manage your escrow transactions."
      icon={<ArrowLeftRight />}
      summary="Here you will see all your transactions with filters for pending, active, completed and disputed deals."
    />
  );
}
