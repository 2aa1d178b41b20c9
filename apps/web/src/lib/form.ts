import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  type UseFormSetError,
} from 'react-hook-form';
import { errorFields } from './api';

/** Every message among a form's validation errors, in the order of its fields. */
export function errorMessages(errors: FieldErrors): string[] {
  return Object.values(errors)
    .map((e) => (e && typeof e.message === 'string' ? e.message : undefined))
    .filter((m): m is string => !!m);
}

/**
 * react-hook-form's own focus of the first invalid field runs twice, the second time a timer tick after the
 * submit, and can pull the caret back out of a field the person has already moved on to. Our forms turn it
 * off (`FOCUS_FIRST_ERROR_ONCE` in useForm's options) and wrap handleSubmit's invalid handler in
 * `focusingFirstError`, which focuses the first field in error, in the form's order, once.
 */
export const FOCUS_FIRST_ERROR_ONCE = { shouldFocusError: false } as const;

export function focusingFirstError<T extends FieldValues>(onInvalid?: SubmitErrorHandler<T>): SubmitErrorHandler<T> {
  return (errors, event) => {
    const form: unknown = event?.target;
    if (form instanceof HTMLFormElement) {
      const first = Array.from(form.elements).find((element) => {
        const name = element.getAttribute('name');
        return name && get(errors, name) && element instanceof HTMLElement;
      });
      (first as HTMLElement | undefined)?.focus();
    }
    return onInvalid?.(errors, event);
  };
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

/** What an input shows of its error: whether it is invalid, what describes it, and a message for under it. */
export interface FieldErrorView {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  /** The message to show under the field (its own element, with `ids.message`), when it has one of its own. */
  message?: string;
}

const joinIds = (...ids: Array<string | undefined>) => ids.filter(Boolean).join(' ') || undefined;

/**
 * For a form that shows one summary message at a time (the sign-in forms' alert, in the spec's order): a
 * field whose error is the summary is invalid and described by it; a message of the field's own from the
 * server is shown under the field; a rule whose turn has not come yet is not shown. `hint` is the id of
 * the field's help text, kept in its description.
 */
export function fieldErrorView(
  error: { type?: string; message?: string } | undefined,
  summary: string | null | undefined,
  ids: { summary: string; message: string; hint?: string },
): FieldErrorView {
  if (error?.message && error.message === summary) {
    return { 'aria-invalid': true, 'aria-describedby': joinIds(ids.summary, ids.hint) };
  }
  if (error?.message && error.type === 'server') {
    return { 'aria-invalid': true, 'aria-describedby': joinIds(ids.message, ids.hint), message: error.message };
  }
  return { 'aria-describedby': ids.hint };
}
