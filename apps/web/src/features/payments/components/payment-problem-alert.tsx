import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { PaymentProblem } from '../lib/payment-outcome';

/** A refused or failed payment, shown on the page (it is also toasted). */
export function PaymentProblemAlert({ problem }: { problem: PaymentProblem | null }) {
  if (!problem) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{problem.title}</AlertTitle>
      <AlertDescription>{problem.message}</AlertDescription>
    </Alert>
  );
}
