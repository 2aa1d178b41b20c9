/** After a password reset the browser lands on the sign-in page with this, which then says so. */
export const PASSWORD_RESET_LOGIN = '/login?reset=1';

/** Whether the sign-in page was opened right after a password reset. */
export const cameFromPasswordReset = (search: string) => new URLSearchParams(search).get('reset') === '1';
