import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorFields } from './api';

/** Every message among a form's validation errors, in the order of its fields. */
export function errorMessages(errors: FieldErrors): string[] {
  return Object.values(errors)
    .map((e) => (e && typeof e.message === 'string' ? e.message : undefined))
    .filter((m): m is string => !!m);
}

/**
 * Shows the server's field messages (`{ fields: { name: message } }`) under the form's own fields.
 * Returns true when the server named at least one of them.
 */
export function showServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  const fields = errorFields(err);
  let shown = false;
  for (const name of names) {
    const message = fields[name];
    if (message) {
      setError(name, { type: 'server', message });
      shown = true;
    }
  }
  return shown;
}
