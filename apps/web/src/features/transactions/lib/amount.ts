import type { TCurrencyInfo, TValidateAmountResponse } from '@holdfast/contracts';
import { formatMoney } from '@holdfast/contracts/constants';

/** The amount field keeps only digits and dots (spec section 5). */
export function sanitizeAmountInput(raw: string): string {
  return raw.replace(/[^\d.]/g, '');
}

/** Live validation runs only for an amount above 0. */
export function shouldValidateAmount(amount: string): boolean {
  const value = Number(amount);
  return amount.trim() !== '' && Number.isFinite(value) && value > 0;
}

/** 'Limits: R 50,00 - R 1 000 000,00': the currency's min and max with its decimals. */
export function limitsLine(info: Pick<TCurrencyInfo, 'code' | 'minAmount' | 'maxAmount'>): string {
  return `Limits: ${formatMoney(info.minAmount, info.code)} - ${formatMoney(info.maxAmount, info.code)}`;
}

/** A validation answer, remembered with the amount and currency it was given for. */
export interface AmountValidation {
  amount: string;
  currency: string;
  result: TValidateAmountResponse;
}

/** The answer that applies to what the form holds now (a stale one for an older input never counts). */
export function currentValidation(
  validation: AmountValidation | null,
  amount: string,
  currency: string,
): TValidateAmountResponse | null {
  if (!validation || validation.amount !== amount || validation.currency !== currency) return null;
  return validation.result;
}
