import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { type MailTransport, toNodemailer } from './message.js';

/**
 * nodemailer is loaded with the first e-mail rather than at start (a replica may send none for a
 * while); each transport creates its transporter once, on its first delivery.
 */
function lazyTransporter(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () => {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      );
      return transporter;
    },
    // A transporter that failed to load has nothing to close.
    close: async () => (await transporter?.catch(() => undefined))?.close(),
  };
}

/** Connections kept open and reused: the queue delivers a batch at once, and a handshake per e-mail would cost more than the e-mail. */
const SMTP_POOL = { pool: true, maxConnections: 5, maxMessages: 100 } as const;

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = lazyTransporter({ url: smtpUrl, ...SMTP_POOL });
  return {
    async deliver(message) {
      await (await transporter.get()).sendMail(toNodemailer(message, from));
    },
    close: () => void transporter.close(),
  };
}

/**
 * Without SMTP the e-mails land as .eml files in DATA_DIR/outbox, and their links are logged,
 * so a newcomer can confirm an account without any mail server.
 */
export function outboxTransport(outboxDir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const composer = lazyTransporter({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      const info = await (await composer.get()).sendMail(toNodemailer(message, from));
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { to: message.to, subject: message.subject, file, links },
        'E-mail écrit dans la boîte d’envoi locale',
      );
    },
    close: () => {},
  };
}
