import { CONFIRMATION_PHRASE, isConfirmationPhrase } from '@holdfast/contracts/constants';

export { CONFIRMATION_PHRASE };

export type PhraseState = 'empty' | 'match' | 'mismatch';

/** Trimmed, upper-cased input compared with I HAVE RECEIVED MY ITEM (spec section 5). */
export function phraseState(input: string): PhraseState {
  if (!input.trim()) return 'empty';
  return isConfirmationPhrase(input) ? 'match' : 'mismatch';
}
