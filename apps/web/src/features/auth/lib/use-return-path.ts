import * as React from 'react';
import { VERIFY_EMAIL_PATH, isServerPath, returnPathOf, takeReturnPath } from '@/lib/return-path';

/**
 * Where a sign-in page sends the person afterwards: its `next` parameter (validated), or else the page
 * they were on when they were signed out for inactivity in this tab. A remembered page is put into the
 * address as `next`, so the router (which takes over the moment the sign-in succeeds) reads the same.
 */
export function useReturnPath() {
  const [next] = React.useState(() => {
    const fromQuery = returnPathOf(window.location.search);
    if (fromQuery) return fromQuery;
    const remembered = takeReturnPath();
    if (remembered) {
      const url = new URL(window.location.href);
      url.searchParams.set('next', remembered);
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
    return remembered;
  });
  const goNext = (navigate: (to: string, options?: { replace?: boolean }) => void, home: string) => {
    // The verification link is a server route: a full page load, not a client-side navigation.
    if (next && isServerPath(next)) window.location.assign(next);
    else navigate(next ?? home, { replace: true });
  };
  return { next, verifying: !!next && next.startsWith(`${VERIFY_EMAIL_PATH}?`), goNext };
}
