import pino from 'pino';
import type { Database } from '../db/types.js';
import { Jobs, type JobsDeps } from '../lib/jobs.js';
import { smtpTransport } from '../lib/mail/transports.js';

/**
 * A job queue on `schema` (test/queue-schema.ts) delivering e-mails to the SMTP server on `port` of
 * loopback, with the tests' short waits; `options` adds or overrides.
 */
export function smtpQueue(
  database: Database,
  port: number,
  schema: string,
  options: JobsDeps['options'] = {},
): Jobs {
  return new Jobs({
    sql: database,
    transport: smtpTransport(`smtp://127.0.0.1:${port}`, 'Facturo <no-reply@facturo.test>'),
    log: pino({ level: 'silent' }),
    maintenance: async () => {},
    options: { schema, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, ...options },
  });
}
