import * as React from 'react';
import type { TValidateAmountRequest, TValidateAmountResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { currentValidation, shouldValidateAmount, type AmountValidation } from '../lib/amount';

export const AMOUNT_VALIDATION_DEBOUNCE_MS = 350;

/** POST /api/currencies/validate: is this amount acceptable in this currency; fee and total formatted. */
export const validateAmount = (body: TValidateAmountRequest, signal?: AbortSignal) =>
  apiJson<TValidateAmountResponse>('POST', '/api/currencies/validate', body, { signal });

/**
 * Live server validation of the create form's amount: debounced, only for amounts above 0. A failed
 * call is logged and the result cleared (spec section 8). `result` always belongs to the current input.
 */
export function useAmountValidation(amount: string, currency: string) {
  const [validation, setValidation] = React.useState<AmountValidation | null>(null);
  const [pending, setPending] = React.useState(false);

  React.useEffect(() => {
    if (!shouldValidateAmount(amount) || !currency) {
      setValidation(null);
      setPending(false);
      return;
    }
    const controller = new AbortController();
    setPending(true);
    const timer = setTimeout(() => {
      validateAmount({ amount, currency }, controller.signal)
        .then((result) => setValidation({ amount, currency, result }))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Amount validation failed', err);
          setValidation(null);
        })
        .finally(() => {
          if (!controller.signal.aborted) setPending(false);
        });
    }, AMOUNT_VALIDATION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [amount, currency]);

  return { result: currentValidation(validation, amount, currency), pending };
}
