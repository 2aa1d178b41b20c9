import { describe, expect, it, vi } from 'vitest';
import { SESSION_ENDED_CLOSE_CODE } from '@holdfast/contracts';
import {
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  SharedSocket,
  onSessionEnded,
  reconnectDelay,
  socketUrl,
} from './realtime';

describe('realtime client', () => {
  it('connects to the same host, wss on https', () => {
    expect(socketUrl('/ws', { protocol: 'https:', host: 'holdfast.example' })).toBe('wss://holdfast.example/ws');
    expect(socketUrl('/ws/support', { protocol: 'http:', host: 'localhost:5000' })).toBe(
      'ws://localhost:5000/ws/support',
    );
  });

  it('backs off 1 s, 2 s, 4 s ... up to 30 s', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(20)).toBe(RECONNECT_MAX_MS);
  });
});

/** The browser's WebSocket as far as SharedSocket uses it: tests open, close and push by hand. */
class FakeWebSocket {
  static OPEN = 1;
  static made: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  /** The connection lost (1006), or closed by the server with `code`. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('one shared socket per path', () => {
  const subscriber = () => {
    const events: string[] = [];
    const statuses: string[] = [];
    let opens = 0;
    return {
      events,
      statuses,
      opens: () => opens,
      sub: {
        handlers: { current: { onEvent: (e: { type: string }) => events.push(e.type), onOpen: () => opens++ } },
        setStatus: (s: string) => statuses.push(s),
      },
    };
  };

  it('opens once for every listener, tells each of every event, and closes with the last', () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost:5000' } });
    FakeWebSocket.made = [];
    const shared = new SharedSocket('/ws');
    const bell = subscriber();
    const page = subscriber();
    shared.add(bell.sub as never);
    shared.add(page.sub as never);
    expect(FakeWebSocket.made).toHaveLength(1);
    const socket = FakeWebSocket.made[0];
    socket.open();
    expect([bell.opens(), page.opens()]).toEqual([1, 1]);
    socket.onmessage?.({ data: JSON.stringify({ type: 'notification' }) });
    expect(bell.events).toEqual(['notification']);
    expect(page.events).toEqual(['notification']);

    // A late listener joins the open socket and hears onOpen at once (to refetch what it shows).
    const late = subscriber();
    shared.add(late.sub as never);
    expect(late.opens()).toBe(1);
    expect(FakeWebSocket.made).toHaveLength(1);

    expect(shared.remove(bell.sub as never)).toBe(false);
    expect(shared.remove(late.sub as never)).toBe(false);
    expect(socket.closed).toBe(false);
    expect(shared.remove(page.sub as never)).toBe(true);
    expect(socket.closed).toBe(true);
    vi.unstubAllGlobals();
  });

  it('reconnects with backoff after a drop and tells every listener it is open again', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost:5000' } });
    FakeWebSocket.made = [];
    const shared = new SharedSocket('/ws');
    const a = subscriber();
    const b = subscriber();
    shared.add(a.sub as never);
    shared.add(b.sub as never);
    FakeWebSocket.made[0].open();
    FakeWebSocket.made[0].drop();
    expect(a.statuses.at(-1)).toBe('disconnected');
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(FakeWebSocket.made).toHaveLength(2);
    FakeWebSocket.made[1].open();
    expect([a.opens(), b.opens()]).toEqual([2, 2]);
    expect(b.statuses.at(-1)).toBe('connected');
    shared.remove(a.sub as never);
    shared.remove(b.sub as never);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reconnects when the server goes away (1001, a restart), and the session goes on', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost:5000' } });
    FakeWebSocket.made = [];
    let ended = 0;
    const stop = onSessionEnded(() => ended++);
    const shared = new SharedSocket('/ws');
    const a = subscriber();
    shared.add(a.sub as never);
    FakeWebSocket.made[0].open();
    FakeWebSocket.made[0].drop(1001);
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(FakeWebSocket.made).toHaveLength(2);
    FakeWebSocket.made[1].open();
    expect(a.statuses.at(-1)).toBe('connected');
    expect(ended).toBe(0);
    stop();
    shared.remove(a.sub as never);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('does not reconnect a socket whose session ended, and tells the app so', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost:5000' } });
    FakeWebSocket.made = [];
    let ended = 0;
    const stop = onSessionEnded(() => ended++);
    const shared = new SharedSocket('/ws');
    const a = subscriber();
    shared.add(a.sub as never);
    FakeWebSocket.made[0].open();
    FakeWebSocket.made[0].drop(SESSION_ENDED_CLOSE_CODE);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(FakeWebSocket.made).toHaveLength(1);
    expect(ended).toBe(1);
    expect(a.statuses.at(-1)).toBe('disconnected');
    stop();
    shared.remove(a.sub as never);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
});
