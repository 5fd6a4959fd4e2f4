import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A free loopback port, for an SMTP server that is not there yet. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('pas de port libre');
  return address.port;
}

/**
 * A real SMTP server on loopback that keeps what it receives, in the order it accepts them. With
 * `hold`, every message waits for that promise before being accepted, as a slow server would make
 * the queue wait (a function chooses per message: undefined accepts it at once); `refuse` names
 * recipients it answers with a permanent error, as for a dead mailbox. A message held when its client
 * vanishes (a killed process) is still kept once released: the server had it whole.
 */
export async function startSmtpServer(
  port: number,
  {
    hold,
    refuse,
  }: {
    hold?: Promise<unknown> | ((mail: ReceivedMail) => Promise<unknown> | undefined);
    refuse?: (address: string) => boolean;
  } = {},
): Promise<{ received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address)) {
        callback(Object.assign(new Error('Boîte aux lettres inconnue'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        await (typeof hold === 'function' ? hold(mail) : hold);
        received.push(mail);
        callback();
      });
    },
  });
  // A client gone in the middle of a message (killed) is the sender's fault, not the test's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls `read` until it gives a value: tests wait on conditions, never on fixed sleeps. */
export async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('délai dépassé');
}
