/** Texts the product shows and the server returns; tests and the UI look for them verbatim. */
export const MESSAGES = {
  register: {
    allRequired: 'All fields are required',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 6 characters',
    emailInUse: 'An account with this email already exists',
    weakPassword: 'Password is too weak',
    invalidEmail: 'Invalid email address',
    failed: 'Account creation failed',
    roleNotAllowed: 'You can register as a buyer or a seller',
  },
  login: {
    required: 'Email and password are required',
    userNotFound: 'No account found with this email',
    wrongPassword: 'Incorrect password',
    invalidEmail: 'Invalid email address',
    tooManyRequests: 'Too many failed attempts. Please try again later',
    invalidCredential: 'Invalid email or password',
    failed: 'Authentication failed',
  },
  auth: {
    notSignedIn: 'You must be signed in to do that',
    sessionExpired: 'Your session has expired. Please sign in again',
    forbidden: 'You do not have permission to do that',
    adminOnly: 'Only administrators can sign in here',
    crossOrigin: 'Cross-site requests are not allowed',
  },
  profile: {
    namesRequired: 'First name and last name are required',
    emailChangeNotAllowed: 'Your email address cannot be changed here',
  },
  verification: {
    alreadyVerified: 'Your email address is already verified',
    tooManyRequests: 'Too many verification emails. Please try again later',
    otherAccount: 'This link confirms the email address of another account. Sign out, then open the link again.',
  },
  generic: {
    notFound: 'Not found',
    internal: 'Something went wrong. Please try again.',
    invalidJson: 'The request body is not valid JSON',
    tooLarge: 'The request body is too large',
    tooDeep: 'The request body is nested too deeply',
    invalidCharacters: 'Remove the control characters (such as NUL) from this text',
    rateLimited: 'Too many requests. Please try again later',
  },
  limits: {
    registrations: 'Too many accounts were created from this network. Please try again later',
    transactions: 'You have created many transactions in a short time. Please try again later',
    deposits: 'You have started many deposits in a short time. Please try again later',
  },
} as const;

export const CONFIRMATION_PHRASE = 'I HAVE RECEIVED MY ITEM';

/** Whether the buyer typed the confirmation phrase (any case, surrounding spaces ignored). */
export function isConfirmationPhrase(input: string): boolean {
  return input.trim().toUpperCase() === CONFIRMATION_PHRASE;
}
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
