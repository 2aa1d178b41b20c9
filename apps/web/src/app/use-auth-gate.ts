import * as React from 'react';
import { useUser } from '@/lib/auth';

/** Spec: after 2 seconds of loading authentication the router proceeds as signed out. */
export const AUTH_LOADING_TIMEOUT_MS = 2000;

/** The signed-in user for routing, with the loading timeout applied. */
export function useAuthGate() {
  const { user, isLoading } = useUser();
  const [timedOut, setTimedOut] = React.useState(false);
  React.useEffect(() => {
    if (!isLoading) return;
    const timer = setTimeout(() => {
      console.warn(`Authentication still loading after ${AUTH_LOADING_TIMEOUT_MS} ms; continuing as signed out`);
      setTimedOut(true);
    }, AUTH_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);
  return { user, loading: isLoading && !timedOut, userLoading: isLoading };
}
