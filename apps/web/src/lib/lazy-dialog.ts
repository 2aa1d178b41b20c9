import * as React from 'react';
import { toastError } from '@/components/ui/use-toast';

/**
 * A dialog whose body (a form and its libraries: react-hook-form, Zod, Radix select) downloads when it is
 * first opened, not with the page that shows its trigger. The dialog opens once the body is there, so Radix
 * focuses the body's first field and returns focus to the trigger on close, as with a body loaded up front.
 * `preload` (the trigger's hover or focus) starts the download before the click; `waiting` is true from
 * 400 ms of waiting on (the existing fallback's delay), for a spinner in the trigger.
 */
export function useLazyDialog<M>(load: () => Promise<M>) {
  const [open, setOpen] = React.useState(false);
  const [body, setBody] = React.useState<M | null>(null);
  const [waiting, setWaiting] = React.useState(false);
  const onOpenChange = (next: boolean) => {
    if (!next || body) {
      setOpen(next);
      return;
    }
    const slow = window.setTimeout(() => setWaiting(true), 400);
    load()
      .then((loaded) => {
        setBody(() => loaded);
        setOpen(true);
      })
      .catch(() => toastError('Could not load this form. Check your connection and try again.'))
      .finally(() => {
        window.clearTimeout(slow);
        setWaiting(false);
      });
  };
  const preload = () => void load().catch(() => undefined);
  return { open, setOpen, onOpenChange, body, waiting, triggerProps: { onPointerEnter: preload, onFocus: preload } };
}
