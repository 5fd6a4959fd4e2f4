import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { formatMailLine, linksOf, withMailConsole } from './mail-console.js';
import { mailTransport } from './mail-transport.js';
import type { MailMessage, MailTransport } from './message.js';

/** Issue 17: `npm start` prints one readable line per e-mail, with its links, outside the JSON logs. */

const verify: MailMessage = {
  kind: 'account',
  to: 'ada@example.fr',
  subject: "Confirmation d'inscription",
  text: 'Bonjour,\n\nConfirmez votre adresse (http://localhost:3000/verify-email?token=abc123).\nÀ bientôt.',
  html: '<p>Bonjour</p>',
};

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'facturo-mail-console-'));
  dirs.push(dir);
  return dir;
}

describe('formatMailLine', () => {
  it('says what, to whom, and every link, without the sentence around them', () => {
    expect(formatMailLine(verify)).toBe(
      "✉ Confirmation d'inscription → ada@example.fr : http://localhost:3000/verify-email?token=abc123",
    );
  });

  it('lists several links once each, in order, and nothing after the arrow when there is none', () => {
    const text = 'Voir https://a.fr/x, puis http://b.fr/y?z=1. Encore https://a.fr/x.';
    expect(linksOf(text)).toEqual(['https://a.fr/x', 'http://b.fr/y?z=1']);
    expect(formatMailLine({ ...verify, text: 'Merci pour votre message.' })).toBe(
      "✉ Confirmation d'inscription → ada@example.fr",
    );
  });
});

describe('withMailConsole', () => {
  it('prints the line once the e-mail is delivered, and nothing when delivery fails', async () => {
    const lines: string[] = [];
    const delivered: string[] = [];
    let fail = false;
    const inner: MailTransport = {
      async deliver(message) {
        if (fail) throw new Error('SMTP indisponible');
        delivered.push(message.to);
      },
      close: () => {},
    };
    const transport = withMailConsole(inner, (line) => lines.push(line));
    await transport.deliver(verify);
    expect(delivered).toEqual(['ada@example.fr']);
    expect(lines).toEqual([formatMailLine(verify)]);
    fail = true;
    await expect(transport.deliver(verify)).rejects.toThrow('SMTP indisponible');
    expect(lines).toHaveLength(1);
  });
});

describe('the server mailer', () => {
  it('writes the outbox and prints the line when mailConsole is on, only the outbox when off', async () => {
    const log = pino({ level: 'silent' });
    const base = { smtpUrl: undefined, mailFrom: 'Facturo <no-reply@facturo.test>' };
    const lines: string[] = [];
    const on = await tempDir();
    await mailTransport({ ...base, dataDir: on, mailConsole: true }, log, (line) => lines.push(line)).deliver(
      verify,
    );
    expect(lines).toEqual([formatMailLine(verify)]);
    expect(await readdir(path.join(on, 'outbox'))).toHaveLength(1);

    const off = await tempDir();
    await mailTransport({ ...base, dataDir: off, mailConsole: false }, log, (line) =>
      lines.push(line),
    ).deliver(verify);
    expect(lines).toHaveLength(1);
    expect(await readdir(path.join(off, 'outbox'))).toHaveLength(1);
  });

  it('is on for development and the local outbox, off in production with SMTP and in tests, unless asked', async () => {
    const dataDir = await tempDir();
    const mailConsole = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env }).mailConsole;
    expect(mailConsole({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.fr:587' })).toBe(true);
    // `npm start` on a machine without SMTP: the outbox is the only way to read a confirmation link.
    expect(mailConsole({})).toBe(true);
    expect(mailConsole({ SMTP_URL: 'smtp://mail.example.fr:587' })).toBe(false);
    expect(mailConsole({ NODE_ENV: 'test' })).toBe(false);
    expect(mailConsole({ NODE_ENV: 'test', MAIL_CONSOLE: 'true' })).toBe(true);
    expect(mailConsole({ NODE_ENV: 'development', MAIL_CONSOLE: 'false' })).toBe(false);
  });
});
