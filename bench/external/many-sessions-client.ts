/**
 * autocannon with a different session on every request (a process of its own, as the CLI is): the
 * cookies arrive on stdin, one per line, and are handed out in turn, so requests that reach the server
 * together belong to different people, as they would in real traffic. Prints autocannon's JSON result.
 *
 *   node --import tsx many-sessions-client.ts <url> <connections> <seconds> < cookies.txt
 */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';

const [url, connections, seconds] = process.argv.slice(2) as [string, string, string];
const cookies = (await text(process.stdin)).split('\n').filter(Boolean);
if (!cookies.length) throw new Error('no cookies on stdin');
let next = 0;

const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, cookie: cookies[next++ % cookies.length]! },
      }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
