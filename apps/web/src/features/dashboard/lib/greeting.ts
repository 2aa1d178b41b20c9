/** An account this young is greeted as new: 'Welcome back' would be wrong on the first visits. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** 'Welcome to Holdfast' for an account created within the last day, 'Welcome back' after that. */
export function dashboardGreeting(createdAt: string, now = Date.now()): string {
  const created = Date.parse(createdAt);
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
  return isNew ? 'Welcome to Holdfast' : 'Welcome back';
}
