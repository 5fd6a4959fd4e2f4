import type { MailMessage, MailTransport } from './message.js';

/** Characters that end a sentence around a link in the text, never part of the link itself. */
const TRAILING = /[.,;:!?)»"']+$/;

/** The links of an e-mail's text, in order, each once. */
export function linksOf(text: string): string[] {
  const found = (text.match(/https?:\/\/[^\s<>]+/g) ?? []).map((link) => link.replace(TRAILING, ''));
  return [...new Set(found)];
}

/**
 * One short readable line per e-mail for a developer's console (issue 17): « ✉ subject → to : links ».
 * Separate from the JSON request logs, so a confirmation link is found at a glance.
 */
export function formatMailLine(message: Pick<MailMessage, 'subject' | 'to' | 'text'>): string {
  const links = linksOf(message.text);
  const head = `✉ ${message.subject} → ${message.to}`;
  return links.length > 0 ? `${head} : ${links.join(' ')}` : head;
}

/** Writes the line of every e-mail `transport` delivered (after it did: a failed send retries, and prints then). */
export function withMailConsole(
  transport: MailTransport,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): MailTransport {
  return {
    async deliver(message) {
      await transport.deliver(message);
      write(formatMailLine(message));
    },
    close: () => transport.close(),
  };
}
