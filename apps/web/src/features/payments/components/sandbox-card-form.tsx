import * as React from 'react';
import { CreditCard, Lock } from 'lucide-react';
import { SANDBOX_TEST_CARDS, type TPaymentIntentResponse } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { cardFieldErrors, formatCardNumber, formatCvc, formatExpiry, type CardFields } from '../lib/card';
import { paymentProblem, type PaymentProblem } from '../lib/payment-outcome';
import { PaymentProblemAlert } from './payment-problem-alert';

interface SandboxCardFormProps {
  intent: TPaymentIntentResponse;
  /** Text of the pay button, e.g. 'Pay R 103,00'. */
  payLabel: string;
  onPaid: () => void;
}

/** The sandbox provider's embedded card form: number, expiry and CVC, charged by the server. */
export function SandboxCardForm({ intent, payLabel, onPaid }: SandboxCardFormProps) {
  const [fields, setFields] = React.useState<CardFields>({ cardNumber: '', expiry: '', cvc: '' });
  const [showErrors, setShowErrors] = React.useState(false);
  const [problem, setProblem] = React.useState<PaymentProblem | null>(null);
  const confirm = useConfirmSandboxPayment();
  const errors = cardFieldErrors(fields);
  const id = React.useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    setProblem(null);
    confirm.mutate(
      { clientSecret: intent.clientSecret, cardNumber: fields.cardNumber, expiry: fields.expiry, cvc: fields.cvc },
      {
        onSuccess: () => onPaid(),
        onError: (err) => {
          const next = paymentProblem(err);
          setProblem(next);
          toast({ variant: 'destructive', title: next.title, description: next.message });
        },
      },
    );
  };

  const field = (name: keyof CardFields) => ({
    id: `${id}-${name}`,
    'aria-invalid': showErrors && errors[name] ? true : undefined,
    'aria-describedby': showErrors && errors[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: keyof CardFields) =>
    showErrors && errors[name] ? (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label="Card payment">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-cardNumber`}>Card number</Label>
        <div className="relative">
          <CreditCard
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            {...field('cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className="pl-9 font-mono tracking-wide"
            value={fields.cardNumber}
            onChange={(e) => setFields((f) => ({ ...f, cardNumber: formatCardNumber(e.target.value) }))}
          />
        </div>
        {fieldError('cardNumber')}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-expiry`}>Expiry</Label>
          <Input
            {...field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            className="font-mono"
            value={fields.expiry}
            onChange={(e) => setFields((f) => ({ ...f, expiry: formatExpiry(e.target.value, f.expiry) }))}
          />
          {fieldError('expiry')}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            {...field('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            className="font-mono"
            value={fields.cvc}
            onChange={(e) => setFields((f) => ({ ...f, cvc: formatCvc(e.target.value) }))}
          />
          {fieldError('cvc')}
        </div>
      </div>

      <PaymentProblemAlert problem={problem} />

      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? <Spinner /> : <Lock aria-hidden="true" />}
        {confirm.isPending ? 'Processing...' : payLabel}
      </Button>

      <div className="rounded-md border border-dashed bg-muted/40 p-3 text-xs text-muted-foreground">
        <p className="font-medium text-foreground">Test mode: no real card is charged.</p>
        <ul className="mt-1 space-y-0.5">
          <li>
            <span className="font-mono">{SANDBOX_TEST_CARDS.success}</span> succeeds
          </li>
          <li>
            <span className="font-mono">{SANDBOX_TEST_CARDS.declined}</span> is declined
          </li>
          <li>
            <span className="font-mono">{SANDBOX_TEST_CARDS.insufficientFunds}</span> has insufficient funds
          </li>
        </ul>
        <p className="mt-1">Use any future expiry date (MM/YY) and any 3-digit CVC.</p>
      </div>
    </form>
  );
}
