import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'facturo-config-'));

describe('loadConfig', () => {
  it('defaults to the embedded mode and keeps a generated secret beside the data', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      trustProxy: false,
      requestTimeoutMs: 50_000,
      connectionTimeoutMs: 120_000,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('writes readable logs with requests at debug on a terminal, JSON lines with requests at info elsewhere', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }, true)).toMatchObject({
      logLevel: 'info',
      logFormat: 'pretty',
      requestLogLevel: 'debug',
    });
    // A deployment's stdout is a pipe or a file: JSON, as before, for the log collector.
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }, false)).toMatchObject({
      logLevel: 'info',
      logFormat: 'json',
      requestLogLevel: 'info',
    });
    // LOG_LEVEL=debug shows the requests on a terminal; LOG_FORMAT chooses the format whatever stdout is.
    expect(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, true)).toMatchObject({
      logLevel: 'debug',
      logFormat: 'json',
      requestLogLevel: 'debug',
    });
    expect(loadConfig({ DATA_DIR: dir, LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ DATA_DIR: dir, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('names each bad value and stops', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'court' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: doit commencer par postgres/);
    expect(attempt).toThrow(/JWT_SECRET: doit contenir au moins 32 caractères/);
  });

  it('takes a migration connection beside DATABASE_URL, never alone', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://facturo_app@db/facturo',
      DATABASE_MIGRATION_URL: 'postgres://facturo_owner@db/facturo',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://facturo_app@db/facturo',
      databaseMigrationUrl: 'postgres://facturo_owner@db/facturo',
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).databaseMigrationUrl).toBeUndefined();
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_MIGRATION_URL: 'postgres://facturo_owner@db/facturo' }),
    ).toThrow(/DATABASE_MIGRATION_URL ne sert qu’avec DATABASE_URL/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: 'postgres://facturo_app@db/facturo',
        DATABASE_MIGRATION_URL: 'mysql://x',
      }),
    ).toThrow(/DATABASE_MIGRATION_URL: doit commencer par postgres/);
  });

  it('reads the request and connection timeouts, in milliseconds', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      REQUEST_TIMEOUT_MS: '1500',
      CONNECTION_TIMEOUT_MS: '3000',
    });
    expect(config).toMatchObject({ requestTimeoutMs: 1500, connectionTimeoutMs: 3000 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('reads the mail lease and retry delay, in seconds, and refuses a lease too short to renew', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      mailLeaseSeconds: 60,
      mailRetryDelaySeconds: 30,
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      MAIL_LEASE_SECONDS: '10',
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    expect(config).toMatchObject({ mailLeaseSeconds: 10, mailRetryDelaySeconds: 1 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_LEASE_SECONDS: '2' })).toThrow(
      /MAIL_LEASE_SECONDS: doit valoir au moins 4/,
    );
  });

  it('lower-cases the admin address and trims the public URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_EMAIL: 'Admin@Exemple.FR',
      APP_URL: 'https://facturo.fr/',
    });
    expect(config.adminEmails).toEqual(['admin@exemple.fr']);
    expect(config.appUrl).toBe('https://facturo.fr');
  });

  it('takes a comma-separated list of admin addresses and refuses one that is not an address', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: ' a@exemple.fr, B@Exemple.fr ,' });
    expect(config.adminEmails).toEqual(['a@exemple.fr', 'b@exemple.fr']);
    expect(loadConfig({ DATA_DIR: dataDir() }).adminEmails).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@exemple.fr,pas-une-adresse' })).toThrow(
      /ADMIN_EMAIL/,
    );
  });
});
