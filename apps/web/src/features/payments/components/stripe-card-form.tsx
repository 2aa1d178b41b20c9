import * as React from 'react';
import { Lock } from 'lucide-react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { TPaymentIntentResponse } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { syncPayment } from '@/lib/queries/sync-payment';
import type { PaymentProblem } from '../lib/payment-outcome';
import { PaymentProblemAlert } from './payment-problem-alert';

const stripePromises = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per publishable key, and only when a Stripe payment is shown. */
function stripeFor(publishableKey: string) {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

interface StripeCardFormProps {
  intent: TPaymentIntentResponse;
  publishableKey: string;
  payLabel: string;
  /** Where Stripe sends the payer back after a redirect (3-D Secure and similar), e.g. '/transactions/1?payment=success'. */
  returnPath: string;
  onPaid: () => void;
}

function StripeCheckoutForm({ intent, payLabel, returnPath, onPaid }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = React.useState(false);
  const [problem, setProblem] = React.useState<PaymentProblem | null>(null);

  const fail = (next: PaymentProblem) => {
    setProblem(next);
    toast({ variant: 'destructive', title: next.title, description: next.message });
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || pending) return;
    setPending(true);
    setProblem(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
        redirect: 'if_required',
      });
      if (error) {
        const refused = error.type === 'card_error' || error.type === 'validation_error';
        fail({
          title: refused ? 'Payment Failed' : 'Payment Error',
          message: error.message ?? 'Your payment could not be completed.',
        });
        return;
      }
      if (paymentIntent && (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing')) {
        // Apply the success now rather than waiting for the webhook.
        await syncPayment(intent.paymentId).catch((err: unknown) => console.warn('Payment sync failed', err));
        onPaid();
      }
    } catch (err) {
      console.error('Stripe confirmation failed', err);
      fail({
        title: 'Payment Error',
        message: 'Something went wrong while processing your payment. Please try again.',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Card payment">
      <PaymentElement />
      <PaymentProblemAlert problem={problem} />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || pending}>
        {pending ? <Spinner /> : <Lock aria-hidden="true" />}
        {pending ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}

/** Stripe Elements (PaymentElement) for an intent created by the server. */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: props.intent.clientSecret, appearance: { theme: 'stripe' } }}
    >
      <StripeCheckoutForm {...props} />
    </Elements>
  );
}
