import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface FakeRequest {
  method: string;
  /** Path and query as sent. */
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  json: unknown;
}

/**
 * A provider's stand-in listening on a loopback port of its own for the rest of the test file.
 * `handle` gets each request whole (raw body included, as signatures need it).
 */
export async function listenFake(handle: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake.invalid'),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      Promise.resolve()
        .then(() => handle(request))
        .then(
          (answer) => {
            res.writeHead(answer.status ?? 200, {
              'content-type': 'application/json;charset=utf-8',
              ...answer.headers,
            });
            res.end(JSON.stringify(answer.json));
          },
          (error: Error) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(error.message);
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, origin: `http://127.0.0.1:${port}` };
}
