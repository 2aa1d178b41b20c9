/**
 * The release load generator (a process of its own): BENCH_RELEASE_CLIENTS loops (8), each running one
 * escrow release after another (create → fund from wallet → accept → confirm, 4 requests over kept-alive
 * sockets) for BENCH_RUN_SECONDS, loop i as buyer and seller pair i % pairs. autocannon cannot chain
 * requests that depend on each other's answers; this is the same cheap client for every side.
 *
 *   BENCH_RELEASE_PAIRS='[{"buyerCookie":…,"sellerCookie":…,"sellerEmail":…},…]' release-client.ts <port>
 *
 * Prints `{"releases":n,"seconds":s,"errors":e}`.
 */
import http from 'node:http';

const port = Number(process.argv[2]);
const pairs: { buyerCookie: string; sellerCookie: string; sellerEmail: string }[] = JSON.parse(
  process.env.BENCH_RELEASE_PAIRS ?? '[]',
);
if (!port || !pairs.length) throw new Error('usage: BENCH_RELEASE_PAIRS=<json> release-client.ts <port>');
const seconds = Number(process.env.BENCH_RUN_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_RELEASE_CLIENTS ?? 8);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });

function request(method: string, path: string, cookie: string, body?: unknown): Promise<{ id?: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          cookie,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          (res.statusCode ?? 500) >= 400
            ? reject(new Error(`${method} ${path} -> ${res.statusCode}: ${text}`))
            : resolve(text ? JSON.parse(text) : {}),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

let releases = 0;
let errors = 0;
const end = Date.now() + seconds * 1000;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async (_, loop) => {
    const { buyerCookie, sellerCookie, sellerEmail } = pairs[loop % pairs.length]!;
    while (Date.now() < end) {
      try {
        const t = await request('POST', '/api/transactions', buyerCookie, {
          amount: '10.00',
          currency: 'USD',
          sellerEmail,
          description: 'Bench release',
        });
        await request('POST', `/api/transactions/${t.id}/fund-from-wallet`, buyerCookie);
        await request('PATCH', `/api/transactions/${t.id}/accept`, sellerCookie, {});
        await request('PATCH', `/api/transactions/${t.id}/confirm`, buyerCookie, {
          confirmationPhrase: 'I HAVE RECEIVED MY ITEM',
        });
        releases += 1;
      } catch (error) {
        errors += 1;
        if (errors === 1) console.error(String(error));
      }
    }
  }),
);
console.log(JSON.stringify({ releases, seconds: (performance.now() - start) / 1000, errors }));
agent.destroy();
