import * as React from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

interface SpinnerProps extends React.ComponentProps<'svg'> {
  /** Accessible name; the spinner is announced as a status when given. */
  label?: string;
}

function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <Loader2
      data-slot="spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

/** Full-area centered spinner with a visible message, e.g. while a page's data loads. */
function PageSpinner({ message, className }: { message?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-primary" />
      {message ? <p className="text-sm">{message}</p> : <span className="sr-only">Loading</span>}
    </div>
  );
}

export { Spinner, PageSpinner };
