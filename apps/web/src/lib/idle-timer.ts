/**
 * Inactivity logic behind the session timeout dialog (spec sections 2 and 4), free of React so it
 * can be tested with fake timers. After `idleTimeoutMs - warningMs` without activity the warning
 * starts and counts down whole seconds; at zero the session expires. Activity only resets the
 * idle timer while no warning is shown; `stayActive` ends a warning and starts over.
 */
export interface IdleTimerOptions {
  idleTimeoutMs: number;
  warningMs: number;
  onWarning: (secondsLeft: number) => void;
  onTick: (secondsLeft: number) => void;
  onExpire: () => void;
  /**
   * Tells the server the person is still here. The server ends a session it has not heard from for the
   * idle timeout, and reading a page makes no requests: called on activity at most once per
   * keepAliveEveryMs (the server's own touch interval).
   */
  onKeepAlive?: () => void;
}

export interface IdleTimer {
  start(): void;
  activity(): void;
  stayActive(): void;
  stop(): void;
  readonly warning: boolean;
}

export function warningDelayMs(idleTimeoutMs: number, warningMs: number): number {
  return Math.max(0, idleTimeoutMs - Math.max(0, warningMs));
}

export function countdownSeconds(warningMs: number): number {
  return Math.max(1, Math.ceil(warningMs / 1000));
}

/** As the server's touch interval (session-activity.ts): min(30 s, idle / 4). */
export function keepAliveEveryMs(idleTimeoutMs: number): number {
  return Math.min(30_000, Math.floor(idleTimeoutMs / 4));
}

export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  let idleTimeout: ReturnType<typeof setTimeout> | undefined;
  let lastKeepAlive = Date.now();
  const keepAlive = () => {
    if (!options.onKeepAlive || Date.now() - lastKeepAlive < keepAliveEveryMs(options.idleTimeoutMs)) return;
    lastKeepAlive = Date.now();
    options.onKeepAlive();
  };
  let countdown: ReturnType<typeof setInterval> | undefined;
  let warning = false;
  let running = false;

  const clearAll = () => {
    if (idleTimeout !== undefined) clearTimeout(idleTimeout);
    if (countdown !== undefined) clearInterval(countdown);
    idleTimeout = undefined;
    countdown = undefined;
  };

  const beginWarning = () => {
    idleTimeout = undefined;
    warning = true;
    let secondsLeft = countdownSeconds(options.warningMs);
    options.onWarning(secondsLeft);
    countdown = setInterval(() => {
      secondsLeft -= 1;
      if (secondsLeft <= 0) {
        clearAll();
        warning = false;
        running = false;
        options.onTick(0);
        options.onExpire();
        return;
      }
      options.onTick(secondsLeft);
    }, 1000);
  };

  const armIdle = () => {
    clearAll();
    warning = false;
    idleTimeout = setTimeout(beginWarning, warningDelayMs(options.idleTimeoutMs, options.warningMs));
  };

  return {
    start() {
      running = true;
      lastKeepAlive = Date.now();
      armIdle();
    },
    activity() {
      if (!running || warning) return;
      armIdle();
      keepAlive();
    },
    stayActive() {
      running = true;
      armIdle();
      lastKeepAlive = 0;
      keepAlive();
    },
    stop() {
      running = false;
      warning = false;
      clearAll();
    },
    get warning() {
      return warning;
    },
  };
}
