import * as React from 'react';
import { AlertCircle } from 'lucide-react';
import type { TPaymentIntentResponse } from '@holdfast/contracts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { usePublicConfig } from '@/lib/config';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = React.lazy(() => import('./stripe-card-form'));

interface CardPaymentProps {
  intent: TPaymentIntentResponse;
  payLabel: string;
  /** Return address for providers that redirect (Stripe): a path on this site. */
  returnPath: string;
  onPaid: () => void;
}

/**
 * The card form for a payment intent, whichever provider created it: the sandbox's own form, or
 * Stripe Elements when the server uses Stripe and gave a publishable key.
 */
export function CardPayment({ intent, payLabel, returnPath, onPaid }: CardPaymentProps) {
  const { config, isLoading } = usePublicConfig();
  if (intent.provider === 'sandbox') return <SandboxCardForm intent={intent} payLabel={payLabel} onPaid={onPaid} />;
  if (isLoading) return <PageSpinner className="min-h-40" />;
  if (!config.stripePublishableKey) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Payment Error</AlertTitle>
        <AlertDescription>Card payments are not configured on this server. Please contact support.</AlertDescription>
      </Alert>
    );
  }
  return (
    <React.Suspense fallback={<PageSpinner className="min-h-40" message="Loading secure card form..." />}>
      <StripeCardForm
        intent={intent}
        publishableKey={config.stripePublishableKey}
        payLabel={payLabel}
        returnPath={returnPath}
        onPaid={onPaid}
      />
    </React.Suspense>
  );
}
