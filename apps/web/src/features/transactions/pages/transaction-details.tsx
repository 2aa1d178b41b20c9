import { FileText } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function TransactionDetailsPage() {
  return (
    <ComingSoon
      title="Transaction Details"
      description="One escrow transaction and its next steps."
      icon={<FileText />}
      summary="Here you will see a single transaction, its status and the actions available to you."
      backHref="/transactions"
      backLabel="Back to Transactions"
    />
  );
}
