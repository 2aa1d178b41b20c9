import type { TLoginResponse } from '@holdfast/contracts';

export type SignInChallenge = Extract<TLoginResponse, { twoFactorRequired: true }>;

/** Whether a sign-in answer asks for the second step. */
export const isChallenge = (result: TLoginResponse): result is SignInChallenge => 'twoFactorRequired' in result;
