import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownSeconds, createIdleTimer, keepAliveEveryMs, warningDelayMs } from './idle-timer';

function setup(idleTimeoutMs = 120_000, warningMs = 30_000) {
  const events: string[] = [];
  const keepAlives: number[] = [];
  const timer = createIdleTimer({
    idleTimeoutMs,
    warningMs,
    onWarning: (s) => events.push(`warn:${s}`),
    onTick: (s) => events.push(`tick:${s}`),
    onExpire: () => events.push('expire'),
    onKeepAlive: () => keepAlives.push(Date.now()),
  });
  return { timer, events, keepAlives };
}

describe('idle timer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the server about activity at most once per touch interval, and at once on Stay Active', () => {
    expect(keepAliveEveryMs(120_000)).toBe(30_000);
    expect(keepAliveEveryMs(8_000)).toBe(2_000);
    const { timer, events, keepAlives } = setup();
    timer.start();
    timer.activity();
    expect(keepAlives).toHaveLength(0);
    vi.advanceTimersByTime(29_999);
    timer.activity();
    expect(keepAlives).toHaveLength(0);
    vi.advanceTimersByTime(1);
    timer.activity();
    timer.activity();
    expect(keepAlives).toHaveLength(1);
    vi.advanceTimersByTime(90_000);
    expect(events.at(-1)).toBe('warn:30');
    // Activity during the warning is not presence; Stay Active is, and is sent at once.
    timer.activity();
    expect(keepAlives).toHaveLength(1);
    timer.stayActive();
    expect(keepAlives).toHaveLength(2);
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
