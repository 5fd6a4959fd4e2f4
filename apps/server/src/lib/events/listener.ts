import pg from 'pg';
import type { NotificationSource } from '../../db/types.js';

export interface ListenerHandlers {
  /** A NOTIFY payload of the channel. */
  onPayload(payload: string): void;
  /** Listening (again): whatever was announced while not listening must be read from the table. */
  onListening(): void;
}

export interface ListenerLog {
  warn(details: { err: unknown }, message: string): void;
}

export interface Listener {
  stop(): Promise<void>;
}

/** The name the listener's connection shows in pg_stat_activity (an operator, or a test, finds it there). */
export const LISTENER_APPLICATION_NAME = 'facturo-live-events';

/** First wait after a lost connection; it doubles on each failure up to the maximum. */
const RETRY_MIN_MS = 200;
const RETRY_MAX_MS = 10_000;
/**
 * A listening connection sends nothing by itself, so a peer gone without closing (network cut, host
 * crash) would go unnoticed: a query now and then finds out, and one without an answer counts as lost.
 */
const PING_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 10_000;

/** LISTENs on `channel`: PostgreSQL through a connection of its own, PGlite in process. */
export async function listen(
  source: NotificationSource,
  channel: string,
  handlers: ListenerHandlers,
  log: ListenerLog,
): Promise<Listener> {
  if (source.kind === 'pglite') {
    const unlisten = await source.listen(channel, handlers.onPayload);
    handlers.onListening();
    return { stop: () => unlisten() };
  }
  const listener = new PostgresListener(source.connectionString, channel, handlers, log);
  await listener.start();
  return listener;
}

/**
 * A dedicated pg.Client, not one from the pool: LISTEN belongs to a session, and a pooled connection
 * serves other queries between two of ours. When it drops (restart, failover, pg_terminate_backend) a
 * new one is opened with a growing back-off, and onListening lets the hub read what it missed.
 */
class PostgresListener implements Listener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = RETRY_MIN_MS;
  private reconnect: NodeJS.Timeout | null = null;
  private readonly ping: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: ListenerHandlers,
    private readonly log: ListenerLog,
  ) {
    this.ping = setInterval(() => this.checkAlive(), PING_EVERY_MS);
    this.ping.unref();
  }

  /** The first connection; if the database is away, the server still starts and retries. */
  async start(): Promise<void> {
    await this.connect().catch((error: unknown) => this.lost(null, error));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.ping);
    if (this.reconnect) clearTimeout(this.reconnect);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    // Without an 'error' listener a dropped connection would be an uncaught exception (db/postgres.ts).
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connexion fermée')));
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.handlers.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
    this.handlers.onListening();
  }

  /** Called for the current client (or null for a failed attempt); later calls for it are ignored. */
  private lost(client: pg.Client | null, error: unknown): void {
    if (this.stopped || this.reconnect) return;
    if (client !== null && client !== this.client) return;
    this.client = null;
    client?.end().catch(() => {});
    this.log.warn({ err: error }, 'Écoute des événements en direct interrompue, reconnexion');
    const wait = this.retryMs;
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      this.connect().catch((failure: unknown) => this.lost(null, failure));
    }, wait);
  }

  private checkAlive(): void {
    const client = this.client;
    if (!client) return;
    const timeout = setTimeout(() => this.lost(client, new Error('pas de réponse')), PING_TIMEOUT_MS);
    client
      .query('select 1')
      .catch((error: unknown) => this.lost(client, error))
      .finally(() => clearTimeout(timeout));
  }
}
