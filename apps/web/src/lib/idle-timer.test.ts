import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownSeconds, createIdleTimer, warningDelayMs } from './idle-timer';

function setup(idleTimeoutMs = 120_000, warningMs = 30_000) {
  const events: string[] = [];
  const timer = createIdleTimer({
    idleTimeoutMs,
    warningMs,
    onWarning: (s) => events.push(`warn:${s}`),
    onTick: (s) => events.push(`tick:${s}`),
    onExpire: () => events.push('expire'),
  });
  return { timer, events };
}

describe('idle timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('computes the spec timings', () => {
    expect(warningDelayMs(120_000, 30_000)).toBe(90_000);
    expect(countdownSeconds(30_000)).toBe(30);
    expect(warningDelayMs(5_000, 10_000)).toBe(0);
  });

  it('warns after idle - warning and expires after the countdown', () => {
    const { timer, events } = setup();
    timer.start();
    vi.advanceTimersByTime(89_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warn:30']);
    expect(timer.warning).toBe(true);
    vi.advanceTimersByTime(29_000);
    expect(events.at(-1)).toBe('tick:1');
    vi.advanceTimersByTime(1_000);
    expect(events.slice(-2)).toEqual(['tick:0', 'expire']);
    expect(timer.warning).toBe(false);
    vi.advanceTimersByTime(200_000);
    expect(events.filter((e) => e === 'expire')).toHaveLength(1);
  });

  it('activity resets the idle timer only while no warning is shown', () => {
    const { timer, events } = setup();
    timer.start();
    vi.advanceTimersByTime(80_000);
    timer.activity();
    vi.advanceTimersByTime(80_000);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual(['warn:30']);
    timer.activity();
    vi.advanceTimersByTime(30_000);
    expect(events.at(-1)).toBe('expire');
  });

  it('stay active ends the warning and restarts the idle timer', () => {
    const { timer, events } = setup();
    timer.start();
    vi.advanceTimersByTime(95_000);
    expect(timer.warning).toBe(true);
    timer.stayActive();
    expect(timer.warning).toBe(false);
    vi.advanceTimersByTime(89_000);
    expect(events.filter((e) => e.startsWith('warn'))).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(events.filter((e) => e.startsWith('warn'))).toHaveLength(2);
    expect(events).not.toContain('expire');
  });

  it('stop cancels everything', () => {
    const { timer, events } = setup(4_000, 2_000);
    timer.start();
    timer.stop();
    timer.activity();
    vi.advanceTimersByTime(10_000);
    expect(events).toEqual([]);
  });
});
