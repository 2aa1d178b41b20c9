import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** What the button loads, e.g. "Load more transactions". */
  label?: string;
  className?: string;
}

/**
 * The end of a cursor-paged list: an invisible sentinel that loads the next page as it scrolls into view
 * (IntersectionObserver, 400 px ahead), a visible 'Load more' button for keyboards, screen readers and
 * browsers without the observer, and a spinner while the page loads. Renders nothing on the last page,
 * so a short list looks exactly as it did before paging.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label = 'Load more',
  className,
}: LoadMoreProps) {
  const sentinel = React.useRef<HTMLDivElement>(null);
  const load = React.useRef(fetchNextPage);
  load.current = fetchNextPage;
  const busy = React.useRef(isFetchingNextPage);
  busy.current = isFetchingNextPage;

  React.useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !busy.current) void load.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage]);

  if (!hasNextPage) return null;
  return (
    <div className={cn('mt-6 flex flex-col items-center gap-2', className)}>
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      {isFetchingNextPage ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading more…
        </p>
      ) : (
        <Button variant="outline" onClick={() => void fetchNextPage()}>
          {label}
        </Button>
      )}
    </div>
  );
}

/**
 * For a LoadMore at the top of a thread ('Load earlier messages'): older messages go in above what the
 * reader is looking at, so the distance from the bottom is kept across the load and the view does not
 * jump. Returns the loader to give LoadMore; `firstId` is the oldest message shown.
 */
export function useLoadEarlier(
  scroller: React.RefObject<HTMLElement | null>,
  firstId: string | undefined,
  fetchNextPage: () => unknown,
) {
  const fromBottom = React.useRef<number | null>(null);
  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || fromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [scroller, firstId]);
  return React.useCallback(() => {
    const el = scroller.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    return fetchNextPage();
  }, [scroller, fetchNextPage]);
}
