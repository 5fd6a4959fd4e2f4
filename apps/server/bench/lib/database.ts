import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  /** The URL of the bench's own database (same server, user and options as the given one). */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL: the PostgreSQL server the bench creates its database on. */
export function serverUrlFromEnv(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on that server, dropped (even with connections left open) by drop(). */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `facturo_bench_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

export async function postgresVersion(url: string): Promise<string> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? '?';
  });
}
