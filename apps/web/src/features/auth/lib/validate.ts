import { MESSAGES, PASSWORD_MIN_LENGTH } from '@holdfast/contracts';

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The register form's client checks, in the spec's order; null when the form may be sent. */
export function validateRegister(values: RegisterValues): string | null {
  const { firstName, lastName, email, password, confirmPassword } = values;
  if (![firstName, lastName, email].every((v) => v.trim()) || !password || !confirmPassword) {
    return MESSAGES.register.allRequired;
  }
  if (password !== confirmPassword) return MESSAGES.register.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.register.passwordTooShort;
  return null;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): string | null {
  if (!values.email.trim() || !values.password) return MESSAGES.login.required;
  return null;
}

export type SelfRole = 'buyer' | 'seller';

/** The role preselected from ?role= (buyer unless it says seller). */
export function roleFromSearch(search: string): SelfRole {
  const role = new URLSearchParams(search).get('role');
  return role === 'seller' ? 'seller' : 'buyer';
}
