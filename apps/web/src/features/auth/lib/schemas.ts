import type { z } from 'zod';
import { ZLoginRequest, ZRegisterRequest } from '@holdfast/contracts';
import type { CheckResult } from '@/lib/checked-form';

/** Checks values with a schema: its output, or the first message of each field (as zodResolver reports them). */
function checkWith<S extends z.ZodType>(schema: S) {
  return (values: unknown): CheckResult<string, z.output<S>> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { ok: true, values: parsed.data };
    const messages: Record<string, string> = {};
    for (const issue of parsed.error.issues) messages[issue.path.join('.')] ??= issue.message;
    return { ok: false, messages };
  };
}

/**
 * The sign-in and register forms' checks: the server's own schemas. Their own chunk, loaded when a form
 * is first used (lazyCheck), so /login and /register do not download Zod with the page.
 */
export const checkLogin = checkWith(ZLoginRequest);
const checkRegisterValues = checkWith(ZRegisterRequest);
/**
 * The form always says whether the box is ticked (a checkbox is sent only when it is): the server takes a
 * missing field as accepted, for clients that predate it (decision 024), so the form must not leave it out.
 */
export const checkRegister = (values: Record<string, unknown>) =>
  checkRegisterValues({ ...values, acceptTerms: values.acceptTerms === 'on' });
