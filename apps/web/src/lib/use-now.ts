import * as React from 'react';

const MINUTE = 60_000;

/** The current time, renewed every `everyMs` so texts that count down stay true. */
export function useNow(everyMs = MINUTE): Date {
  const [now, setNow] = React.useState(() => new Date());
  React.useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
