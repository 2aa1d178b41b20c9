import { depositAmountError, isCurrencyCode } from '@holdfast/contracts';

export interface ToastText {
  title: string;
  description?: string;
}

/** 'Title: description' (the catalogue's form) split into a toast's title and description. */
export function splitMessage(message: string): ToastText {
  const at = message.indexOf(': ');
  return at === -1 ? { title: message } : { title: message.slice(0, at), description: message.slice(at + 2) };
}

/**
 * The deposit form's own checks (spec section 5): 'Invalid Amount' when the amount is not a number
 * above 0, 'Amount Too Low: Minimum deposit is {symbol}{min}' below the currency's minimum (the
 * server's rule and wording, from the contracts). Null when the amount may be deposited.
 */
export function depositValidation(amount: string, currency: string): ToastText | null {
  const text = amount.trim();
  const value = Number(text);
  if (!text || !Number.isFinite(value) || value <= 0) {
    return { title: 'Invalid Amount', description: 'Please enter a valid deposit amount' };
  }
  if (!isCurrencyCode(currency)) return { title: 'Unsupported currency' };
  const error = depositAmountError(text, currency);
  return error ? splitMessage(error) : null;
}
