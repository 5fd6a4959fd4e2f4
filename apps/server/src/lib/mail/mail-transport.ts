import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { withMailConsole } from './mail-console.js';
import type { MailTransport } from './message.js';
import { outboxTransport, smtpTransport } from './transports.js';

/**
 * The server's mailer: SMTP when configured, else the local outbox; with `mailConsole`, each e-mail
 * delivered also prints its readable line (`write`: the console unless a test listens).
 */
export function mailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'mailConsole'>,
  log: FastifyBaseLogger,
  write?: (line: string) => void,
): MailTransport {
  const delivery = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : outboxTransport(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
  return config.mailConsole ? withMailConsole(delivery, write) : delivery;
}
