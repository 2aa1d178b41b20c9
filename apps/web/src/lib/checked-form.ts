import * as React from 'react';
import type { ErrorOption, UseFormSetError } from 'react-hook-form';

/** What a form's check gives: the values to send (as the schema parsed them), or each failing field's first message. */
export type CheckResult<N extends string, T> =
  { ok: true; values: T } | { ok: false; messages: Partial<Record<N, string>> };

type Check<N extends string, T> = (values: Record<string, FormDataEntryValue>) => CheckResult<N, T>;

/**
 * A check whose code (a schema, and Zod with it, about 36 KB gzip) downloads when the form is first used,
 * not with the page. `preload` starts the download early (the form's first focus), so a submit rarely
 * waits; a failed download is tried again on the next use.
 */
export function lazyCheck<N extends string, T>(load: () => Promise<Check<N, T>>) {
  let pending: Promise<Check<N, T>> | undefined;
  const get = () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
  const check = async (values: Record<string, FormDataEntryValue>) => (await get())(values);
  return Object.assign(check, { preload: () => void get().catch(() => undefined) });
}

/** A field's error: a check's message, or one the server gave (type 'server'). */
export type FieldIssue = { type: string; message?: string };

/**
 * The sign-in and register forms' state, small enough for the first route (react-hook-form is 13.7 KB gzip),
 * behaving as react-hook-form does there: inputs are uncontrolled and read from the form by `name` on submit;
 * a submit checks every field (pending meanwhile), and on failure calls `onInvalid` and focuses the first
 * invalid field of `fields`; after the first submit each change checks again and updates that field's error
 * only; a submit replaces the errors with the check's.
 */
export function useCheckedForm<N extends string, T>(options: {
  fields: readonly N[];
  check: (values: Record<string, FormDataEntryValue>) => Promise<CheckResult<N, T>>;
  onValid: (values: T) => Promise<void>;
  onInvalid: (errors: Partial<Record<N, FieldIssue>>) => void;
}) {
  const { fields, check, onValid, onInvalid } = options;
  const ref = React.useRef<HTMLFormElement>(null);
  const submitted = React.useRef(false);
  const [errors, setErrors] = React.useState<Partial<Record<N, FieldIssue>>>({});
  const [pending, setPending] = React.useState(false);

  const read = () => Object.fromEntries(new FormData(ref.current ?? undefined));
  const focus = (name: string) => {
    const field = ref.current?.elements.namedItem(name);
    if (field instanceof HTMLElement) field.focus();
  };
  const issues = (messages: Partial<Record<N, string>>) => {
    const result: Partial<Record<N, FieldIssue>> = {};
    for (const [name, message] of Object.entries(messages) as Array<[N, string]>)
      result[name] = { type: 'check', message };
    return result;
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setPending(true);
    try {
      const result = await check(read());
      if (!result.ok) {
        const found = issues(result.messages);
        setErrors(found);
        onInvalid(found);
        const first = fields.find((name) => found[name]);
        if (first) focus(first);
        return;
      }
      setErrors({});
      await onValid(result.values);
    } finally {
      setPending(false);
    }
  };

  const onChange = async (event: React.FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as N;
    if (!submitted.current || !fields.includes(name)) return;
    const result = await check(read());
    const message = result.ok ? undefined : result.messages[name];
    setErrors((current) => {
      const next = { ...current };
      if (message) next[name] = { type: 'check', message };
      else delete next[name];
      return next;
    });
  };

  // The shape of react-hook-form's setError, so showServerFieldErrors serves both.
  const setError: UseFormSetError<Record<N, string>> = (name, error: ErrorOption, opts) => {
    setErrors((current) => ({ ...current, [name]: { type: error.type ?? 'server', message: error.message } }));
    if (opts?.shouldFocus) focus(name);
  };

  return { ref, errors, pending, setError, onSubmit, onChange };
}
