import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Kept-alive sockets, as a browser or a load balancer keeps them: the bench times requests, not handshakes. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** From the request's start to the last byte of the body. */
  ms: number;
}

export interface Call {
  method?: string;
  path: string;
  token?: string;
  body?: unknown;
}

/** One HTTP request, uncompressed (no Accept-Encoding): the body's length is the payload's size. */
export function call(base: string, { method = 'GET', path, token, body }: Call): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers: http.OutgoingHttpHeaders = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(new URL(path, base), { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - start,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The call, which must answer `expected`; its JSON body. */
export async function callJson<T>(base: string, request: Call, expected: number): Promise<T> {
  const answer = await call(base, request);
  if (answer.status !== expected) {
    throw new Error(
      `${request.method ?? 'GET'} ${request.path} : ${answer.status} au lieu de ${expected} (${answer.body.toString().slice(0, 200)})`,
    );
  }
  return JSON.parse(answer.body.toString()) as T;
}
