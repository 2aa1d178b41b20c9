import type { Page, WebSocket } from 'playwright-core';

/** What the server pushes on a socket: a small event with ids (the page then refetches what it shows). */
export interface PushedEvent {
  type: string;
  [key: string]: unknown;
}

/** Goes to `path` and returns the socket the page opens there on `socketPath`, to hear what it is pushed. */
export async function gotoWithSocket(page: Page, path: string, socketPath = '/ws'): Promise<WebSocket> {
  const [socket] = await Promise.all([
    page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === socketPath),
    page.goto(path),
  ]);
  return socket;
}

/**
 * The next event the server pushes on `socket` that `match` accepts. Start waiting before the action that
 * causes it (the promise hears only frames that arrive after this call).
 */
export async function nextPushed(socket: WebSocket, match: (event: PushedEvent) => boolean): Promise<PushedEvent> {
  const frame = await socket.waitForEvent('framereceived', {
    predicate: ({ payload }) => {
      const event = parse(payload);
      return event !== null && match(event);
    },
  });
  return parse(frame.payload)!;
}

function parse(payload: string | Buffer): PushedEvent | null {
  try {
    const event = JSON.parse(String(payload)) as PushedEvent;
    return typeof event?.type === 'string' ? event : null;
  } catch {
    return null;
  }
}
