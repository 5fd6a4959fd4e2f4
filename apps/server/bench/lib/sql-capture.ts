import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** One statement a client sent, with its parameters as sent (text, or bytes for a binary one). */
export interface Statement {
  at: number;
  connection: number;
  sql: string;
  /** The prepared statement's name ('' for the unnamed one). */
  name: string;
  params: (string | Buffer | null)[];
}

/** Background work of every replica (job queue, heartbeat, live events), never part of a request. */
const BACKGROUND = /pgboss|replica_heartbeats|live_events|\bLISTEN\b|\bUNLISTEN\b|pg_notify/i;

/**
 * A TCP proxy in front of PostgreSQL that reads the client side of the wire protocol and records what
 * is executed: simple queries ('Q') and extended ones (Parse 'P' for the text, Bind 'B' for the values,
 * the statement's name linking them). The bench puts it between a server and the database, records one
 * request, and replays exactly those statements: the « raw SQL » references of the list and creation.
 */
export class SqlCapture {
  private server = net.createServer((socket) => this.relay(socket));
  private connections = 0;
  private recording: Statement[] | undefined;
  readonly sockets = new Set<net.Socket>();

  constructor(private readonly upstream: { host: string; port: number }) {}

  listen(): Promise<number> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** What the server sends to PostgreSQL while `work` runs, background work left out. */
  async record(work: () => Promise<unknown>): Promise<Statement[]> {
    this.recording = [];
    try {
      await work();
      return this.recording.filter((s) => !BACKGROUND.test(s.sql));
    } finally {
      this.recording = undefined;
    }
  }

  private relay(client: net.Socket): void {
    const connection = ++this.connections;
    const server = net.connect(this.upstream);
    this.sockets.add(client).add(server);
    const prepared = new Map<string, string>();
    let pending = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      server.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const typed = started ? 1 : 0;
        if (pending.length < typed + 4) break;
        const length = pending.readInt32BE(typed);
        if (pending.length < typed + length) break;
        const message = pending.subarray(typed + 4, typed + length);
        if (!started) {
          const code = message.readInt32BE(0);
          // SSL and GSS encryption requests come before the real startup message, which is untyped too.
          if (code !== 80877103 && code !== 80877104) started = true;
        } else this.read(String.fromCharCode(pending[0]!), message, prepared, connection);
        pending = pending.subarray(typed + length);
      }
    });
    server.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      server.destroy();
      this.sockets.delete(client);
      this.sockets.delete(server);
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  }

  private read(type: string, message: Buffer, prepared: Map<string, string>, connection: number): void {
    let offset = 0;
    const cstring = () => {
      const end = message.indexOf(0, offset);
      const text = message.toString('utf8', offset, end);
      offset = end + 1;
      return text;
    };
    if (type === 'Q') {
      this.recording?.push({ at: performance.now(), connection, sql: cstring(), name: '', params: [] });
    } else if (type === 'P') {
      const name = cstring();
      prepared.set(name, cstring());
    } else if (type === 'B') {
      cstring(); // portal
      const name = cstring();
      const formatCount = message.readInt16BE(offset);
      const formats = Array.from({ length: formatCount }, (_, i) => message.readInt16BE(offset + 2 + i * 2));
      offset += 2 + formatCount * 2;
      const paramCount = message.readInt16BE(offset);
      offset += 2;
      const params: (string | Buffer | null)[] = [];
      for (let i = 0; i < paramCount; i++) {
        const length = message.readInt32BE(offset);
        offset += 4;
        if (length < 0) {
          params.push(null);
          continue;
        }
        const bytes = message.subarray(offset, offset + length);
        offset += length;
        const binary = (formatCount === 1 ? formats[0] : formats[i]) === 1;
        params.push(binary ? Buffer.from(bytes) : bytes.toString('utf8'));
      }
      const sql = prepared.get(name);
      if (sql !== undefined) this.recording?.push({ at: performance.now(), connection, sql, name, params });
    }
  }
}
