import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './test/factories.js';
import { loggedOccurrences } from './test/log-lines.js';
import { ownPostgresDatabase } from './test/own-postgres-database.js';
import { healthStatus, startServerOn, until } from './test/server-process.js';
import { isEstablished } from './test/tcp-state.js';

/**
 * Clients that ask for a large answer and never read it, against a real server process on PostgreSQL,
 * over real sockets (app.inject has none to leave unread), as they were found under load: none was ever
 * disconnected. The server closed them after its idle time, but the close waited behind the megabytes the
 * client never read, so the connections stayed established. Now such a socket is reset once it has been
 * idle CONNECTION_TIMEOUT_MS (lowered here to 2 s), and the client's own machine sees it gone, while the
 * client still reads nothing; everyone else is served all along.
 */
const database = ownPostgresDatabase('sockets');
/** A web build of two files: the app's page, and an asset far larger than any socket's buffers. */
let webDir: string;
const LARGE_ASSET = '/assets/large.bin';

beforeAll(async () => {
  await database.create();
  webDir = await mkdtemp(path.join(tmpdir(), 'facturo-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Facturo</title>');
  await writeFile(path.join(webDir, LARGE_ASSET), Buffer.alloc(32 * 1024 * 1024));
});
afterAll(async () => {
  await database.drop();
  await rm(webDir, { recursive: true, force: true });
});

const CLOSED_MESSAGE = 'Connexions fermées : réponses non lues par le client';
const NON_READERS = 10;

/** A client that asks for the large asset, then reads nothing. */
function nonReadingClient(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.write(
        `GET ${LARGE_ASSET} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: identity\r\n\r\n`,
      );
      socket.pause();
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** What well-behaved visitors do meanwhile: the health check, a page, a contact message; every status kept. */
function politeTraffic(baseUrl: string) {
  const statuses: (number | 'sans réponse')[] = [];
  let running = true;
  const call = async (url: string, init?: RequestInit) => {
    try {
      const res = await fetch(`${baseUrl}${url}`, { ...init, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      statuses.push(res.status);
    } catch {
      statuses.push('sans réponse');
    }
  };
  const loop = (async () => {
    while (running) {
      await call('/api/health');
      await call('/');
      await call('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          nom: 'Camille',
          email: uniqueEmail('poli'),
          sujet: 'question',
          message: 'Bonjour, une question sur les factures.',
        }),
      });
    }
  })();
  return {
    statuses,
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe('clients that never read their answers', () => {
  it('are disconnected, while other clients and /api/health are served without a 500', async () => {
    const server = await startServerOn(database.url, { CONNECTION_TIMEOUT_MS: '2000', WEB_DIST_DIR: webDir });
    const sockets: net.Socket[] = [];
    try {
      const port = Number(new URL(server.baseUrl).port);
      const traffic = politeTraffic(server.baseUrl);
      for (let i = 0; i < NON_READERS; i++) sockets.push(await nonReadingClient(port));
      await until(
        `les ${NON_READERS} connexions qui ne lisent rien, coupées`,
        async () => {
          const established = await Promise.all(sockets.map(isEstablished));
          return established.some(Boolean) ? undefined : true;
        },
        120_000,
      );
      // Counted in the log (a line a second at most): these ten, and no polite visitor's.
      await until('les coupures comptées dans le journal', () =>
        loggedOccurrences(server.process.output(), CLOSED_MESSAGE) >= NON_READERS ? true : undefined,
      );
      expect(loggedOccurrences(server.process.output(), CLOSED_MESSAGE)).toBe(NON_READERS);
      // Served all along, and still served after the resets.
      const before = traffic.statuses.length;
      await until('le client poli servi après les coupures', () =>
        traffic.statuses.length >= before + 3 ? true : undefined,
      );
      await traffic.stop();
      expect(traffic.statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
      expect(await healthStatus(server.baseUrl)).toBe(200);
      server.process.child.kill('SIGTERM');
      expect(await server.process.exited).toEqual({ code: 0, signal: null });
    } finally {
      for (const socket of sockets) socket.destroy();
      server.process.child.kill('SIGKILL');
    }
  }, 300_000);
});
