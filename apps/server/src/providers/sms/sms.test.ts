import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSms, SmsDeliveryError } from './index.js';

/** A stand-in SMS gateway: a real HTTP server that records what it receives. */
describe('HTTP SMS gateway adapter', () => {
  const received: Array<{ auth: string | undefined; body: unknown }> = [];
  let status = 202;
  const server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(status).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts sender, number and text with the bearer token', async () => {
    await httpSms({ url, token: 'gw-token', from: 'Holdfast' }).send({ to: '+27821234567', text: 'Code 123456' });
    expect(received.at(-1)).toEqual({
      auth: 'Bearer gw-token',
      body: { from: 'Holdfast', to: '+27821234567', text: 'Code 123456' },
    });
  });

  it('refuses a gateway error and an unreachable gateway', async () => {
    status = 500;
    await expect(httpSms({ url, from: 'Holdfast' }).send({ to: '+1555', text: 'x' })).rejects.toBeInstanceOf(
      SmsDeliveryError,
    );
    status = 202;
    await expect(
      httpSms({ url: 'http://127.0.0.1:1/none', from: 'Holdfast' }).send({ to: '+1555', text: 'x' }),
    ).rejects.toBeInstanceOf(SmsDeliveryError);
  });
});
