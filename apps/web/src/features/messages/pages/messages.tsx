import { MessageSquare } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function MessagesPage() {
  return (
    <ComingSoon
      title="Messages"
      description="Communicate with buyers and sellers about your transactions"
      icon={<MessageSquare />}
      summary="Here you will message the other party of each of your transactions."
    />
  );
}
