import * as React from 'react';

/**
 * A module fetched when it is first wanted rather than with the page: `get()` is it once there,
 * `load()` fetches it (once; again after a failure).
 */
export interface Deferred<M> {
  get(): M | undefined;
  load(): Promise<M>;
}

export function deferred<M>(importer: () => Promise<M>): Deferred<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    get: () => module,
    load: () =>
      (loading ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}

/**
 * The shell's menus (the account menu, the mobile sheet, the notifications panel) with their Radix
 * libraries are not needed for the first paint: each shows a plain trigger button of the same look and
 * name until its module is there. The module loads on the first sign of use (pointer over the trigger,
 * focus, a press) or when the browser is idle a while after the page has loaded, whichever comes first.
 * `open` asks for the menu to show once the module is there (a click before it arrived).
 *
 * Keyboard focus survives the swap: when the plain trigger had it, the real trigger inside `wrapper`
 * receives it.
 */
export function useDeferredControl<M>(module: Deferred<M>) {
  const [loaded, setLoaded] = React.useState<M | undefined>(module.get);
  const [open, setOpen] = React.useState(false);
  const wrapper = React.useRef<HTMLElement>(null);
  const placeholderFocused = React.useRef(false);

  const load = React.useCallback(() => {
    if (loaded) return;
    module.load().then(
      (m) => setLoaded(() => m),
      () => undefined, // the next sign of use tries again
    );
  }, [loaded, module]);

  React.useEffect(() => {
    if (loaded) return;
    return whenIdleAfterLoad(load);
  }, [loaded, load]);

  React.useLayoutEffect(() => {
    if (!loaded || !placeholderFocused.current) return;
    placeholderFocused.current = false;
    wrapper.current?.querySelector<HTMLElement>('button')?.focus();
  }, [loaded]);

  /** Props for the plain trigger shown until the module is there. */
  const placeholderProps = {
    type: 'button' as const,
    'aria-expanded': false,
    onPointerEnter: load,
    onPointerDown: load,
    onFocus: () => {
      placeholderFocused.current = true;
      load();
    },
    onBlur: () => {
      placeholderFocused.current = false;
    },
    onClick: () => {
      setOpen(true);
      load();
    },
  };
  return { loaded, open, setOpen, load, wrapper, placeholderProps };
}

/** Runs `task` when the browser is idle, a few seconds after the page's load event; returns a cancel. */
export function whenIdleAfterLoad(task: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = window.setTimeout(() => {
      idle = 'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 5000 }) : undefined;
      if (idle === undefined) task();
    }, IDLE_DELAY_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

const IDLE_DELAY_MS = 3000;
