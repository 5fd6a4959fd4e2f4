import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database of a test file's own, beside the run's shared one: for tests that kill every
 * connection of "their" database or run several server processes on it, so nothing else is touched.
 */
export interface OwnPostgresDatabase {
  /** The connection string of the new database. */
  url: string;
  create(): Promise<void>;
  drop(): Promise<void>;
  /** Runs `work` on a fresh connection to `url` (default: this database), closed afterwards. */
  withClient<T>(work: (client: pg.Client) => Promise<T>, url?: string): Promise<T>;
}

export function ownPostgresDatabase(prefix: string): OwnPostgresDatabase {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL est requis pour ces tests');
  const name = `facturo_${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>, target = url.toString()) => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    withClient,
    create: () => withClient((admin) => admin.query(`CREATE DATABASE ${name}`), serverUrl).then(() => {}),
    drop: () =>
      withClient((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), serverUrl).then(
        () => {},
      ),
  };
}
