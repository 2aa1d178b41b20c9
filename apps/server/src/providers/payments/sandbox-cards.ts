import { PAYMENT_MESSAGES, SANDBOX_TEST_CARDS } from '@holdfast/contracts';

export type CardOutcome =
  { ok: true } | { ok: false; code: 'card_declined' | 'insufficient_funds' | 'incorrect_number'; message: string };

const digits = (n: string) => n.replace(/[\s-]/g, '');

/** What the sandbox "bank" answers for a card number; the expiry and CVC are checked by the request schema. */
export function sandboxCardOutcome(cardNumber: string): CardOutcome {
  switch (digits(cardNumber)) {
    case digits(SANDBOX_TEST_CARDS.success):
      return { ok: true };
    case digits(SANDBOX_TEST_CARDS.declined):
      return { ok: false, code: 'card_declined', message: PAYMENT_MESSAGES.cardDeclined };
    case digits(SANDBOX_TEST_CARDS.insufficientFunds):
      return { ok: false, code: 'insufficient_funds', message: PAYMENT_MESSAGES.insufficientFunds };
    default:
      return { ok: false, code: 'incorrect_number', message: PAYMENT_MESSAGES.incorrectNumber };
  }
}
