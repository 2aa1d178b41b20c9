import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, reconnectDelay, socketUrl } from './realtime';

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
