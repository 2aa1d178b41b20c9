import { LifeBuoy } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function SupportPage() {
  return (
    <ComingSoon
      title="Support Center"
      description="Get help from the Holdfast support team."
      icon={<LifeBuoy />}
      summary="Here you will open support conversations with a subject and priority and follow the replies."
    />
  );
}
