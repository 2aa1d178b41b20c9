import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local stand-in for the S3 calls the storage provider makes, so the real AWS SDK runs without
 * the internet: PutObject, GetObject and DeleteObject on path-style URLs (`/<bucket>/<key>`). Requests
 * must be signed (SigV4) with the expected access key; anything else answers as S3 would.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Every request received, in order. */
  calls: { method: string; path: string }[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'stand-in' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function startS3StandIn(opts: { bucket?: string } = {}): Promise<S3StandIn> {
  const bucket = opts.bucket ?? 'holdfast-test';
  const accessKeyId = 'AKIDSTANDIN';
  const secretAccessKey = 'stand-in-secret';
  const objects: S3StandIn['objects'] = new Map();
  const calls: S3StandIn['calls'] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    calls.push({ method: req.method ?? '', path: url.pathname });
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      return xmlError(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist');
    }
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'A key is required');

    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: req.headers['content-type'] });
      res.writeHead(200, { etag: '"stand-in"' });
      return res.end();
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, {
        'content-type': object.contentType ?? 'binary/octet-stream',
        'content-length': String(object.body.length),
        etag: '"stand-in"',
      });
      return res.end(object.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
