import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { errorCode, errorStatus, getQueryFn } from './api';
import { onSessionEnded } from './realtime';
import { currentPath, signInPathFor } from './return-path';

/** The signed-in user's query (lib/auth.ts AUTH_USER_QUERY_KEY), spelled here to keep imports one-way. */
const AUTH_USER_KEY = '/api/auth/session';

/** Spec section 7: data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 from any data query while we believe someone is signed in means the session ended
      // elsewhere (signed out in another tab, revoked): drop the user and go to the sign-in page.
      onError: (err, query) => {
        if (termsToAccept(err)) return;
        if (errorStatus(err) !== 401 || query.queryKey[0] === AUTH_USER_KEY) return;
        signedOutElsewhere();
      },
    }),
    mutationCache: new MutationCache({
      onError: (err) => {
        if (termsToAccept(err)) return;
        // No session any more (expired, revoked): the same as a query's 401. Other 401s of a form (a wrong
        // current password) carry their own code and stay the form's to show.
        const code = errorCode(err);
        if (errorStatus(err) === 401 && (code === 'UNAUTHENTICATED' || code === 'SESSION_EXPIRED'))
          signedOutElsewhere();
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  /**
   * New Terms were published while this person was signed in (the server refuses the call): the user's
   * answer now says so, and the router shows the acceptance page.
   */
  function termsToAccept(err: unknown): boolean {
    if (errorCode(err) !== 'TERMS_ACCEPTANCE_REQUIRED') return false;
    void client.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
    return true;
  }
  /** Drops the user and every answer kept for them, and goes to the sign-in page, which comes back here. */
  function signedOutElsewhere() {
    if (!client.getQueryData([AUTH_USER_KEY])) return;
    const here = currentPath();
    client.setQueryData([AUTH_USER_KEY], null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY });
    navigate(signInPathFor(here));
  }
  // The server closed a live socket because this session ended: the same, at once.
  onSessionEnded(signedOutElsewhere);
  return client;
}

export const queryClient = createQueryClient();
