/** The baseline: an empty Fastify route in a process of its own. Prints `READY {"port":…}` on stdout. */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

const app = Fastify();
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`READY ${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
