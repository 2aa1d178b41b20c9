import { CheckCircle2 } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function PaymentSuccessPage() {
  return (
    <ComingSoon
      title="Payment Confirmation"
      description="The result of a card payment."
      icon={<CheckCircle2 />}
      summary="Here you will see the confirmation of a card payment before returning to your dashboard."
    />
  );
}
