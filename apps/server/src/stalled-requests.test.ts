import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './test/factories.js';
import { startTestApp, type TestApp } from './test/harness.js';

/**
 * Sockets whose request stalls are closed by the server (REQUEST_TIMEOUT_MS, lowered here to 3 s so
 * the test does not wait 50 s), while a slow but live upload goes through. A real listening server
 * and raw sockets: app.inject has no socket to stall.
 */

const REQUEST_TIMEOUT_MS = 3_000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: 2 * REQUEST_TIMEOUT_MS,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});
afterAll(async () => t?.close());

interface Exchange {
  socket: net.Socket;
  /** Resolves with what the server wrote once it closed the connection. */
  closed: Promise<string>;
  /** Resolves with what the server wrote so far, once it contains `text`. */
  received: (text: string) => Promise<string>;
}

function connect(): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    const waiting: { text: string; done: (all: string) => void }[] = [];
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      for (const w of waiting.filter((w) => received.includes(w.text))) w.done(received);
    });
    const receivedText = (text: string) =>
      new Promise<string>((done) => {
        if (received.includes(text)) done(received);
        else waiting.push({ text, done });
      });
    // The server ending the exchange is what is awaited; a reset counts as closing too.
    socket.on('error', () => {});
    const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
    socket.once('connect', () => resolve({ socket, closed, received: receivedText }));
    socket.once('error', reject);
  });
}

function contactBody(padding = 0): string {
  return JSON.stringify({
    nom: 'Camille',
    email: uniqueEmail('lent'),
    sujet: 'question',
    message: 'Bonjour, une question sur les factures.',
    // Unknown keys are dropped by the schema: only the size of the upload matters here.
    remplissage: 'x'.repeat(padding),
  });
}

const headers = (length: number) =>
  [
    'POST /api/contact HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');

describe('stalled requests', () => {
  it('closes a socket that sent its headers and then nothing', async () => {
    const { socket, closed } = await connect();
    socket.write(headers(500));
    const answer = await closed;
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a socket that trickles its body a byte at a time', async () => {
    const { socket, closed } = await connect();
    const body = contactBody(20_000);
    socket.write(headers(Buffer.byteLength(body)));
    let sent = 0;
    // One byte every 200 ms: alive, but 20 kB would take more than an hour.
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < body.length) socket.write(body[sent++] ?? '');
    }, 200);
    const answer = await closed;
    clearInterval(trickle);
    expect(sent).toBeLessThan(body.length);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a socket that never sends its headers', async () => {
    const { socket, closed } = await connect();
    socket.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('lets a slow but live upload through', async () => {
    const { socket, closed, received } = await connect();
    const body = contactBody(200_000);
    socket.write(headers(Buffer.byteLength(body)));
    // Ten pieces, each once the previous one is flushed and a tick has passed: well within the limit.
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    for (let i = 0; i < pieces; i++) {
      await new Promise<void>((done) => socket.write(body.slice(i * size, (i + 1) * size), () => done()));
      await new Promise((done) => setTimeout(done, 50));
    }
    const answered = await received('\r\n\r\n');
    socket.end();
    await closed;
    expect(answered.startsWith('HTTP/1.1 201')).toBe(true);
  });
});
