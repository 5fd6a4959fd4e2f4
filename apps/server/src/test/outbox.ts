import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** An e-mail read back from the local outbox, as a person would read it. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  replyTo: string | undefined;
  attachments: string[];
}

/** Waits for the newest e-mail to `to` whose subject contains `subject` (the queue delivers asynchronously). */
export async function waitForMail(
  outboxDir: string,
  to: string,
  subject: string,
  { timeoutMs = 10_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await readOutbox(outboxDir);
    const match = mails
      .filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject.includes(subject))
      .filter((m) => fileTime(m.file) >= after)
      .at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Aucun email « ${subject} » pour ${to} dans ${outboxDir}`);
}

/** The first link of the e-mail that contains `pathPart`. */
export function linkIn(mail: OutboxMail, pathPart: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`Pas de lien ${pathPart} dans « ${mail.subject} »`);
  return link;
}

export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) =>
      parseEml(path.join(outboxDir, file), await readFile(path.join(outboxDir, file), 'utf8')),
    ),
  );
}

function fileTime(file: string): number {
  return Number.parseInt(path.basename(file).split('-')[0] ?? '0', 10);
}

function parseEml(file: string, raw: string): OutboxMail {
  const { headers } = splitPart(raw);
  const text = plainText(raw) ?? '';
  return {
    file,
    to: (headers.to ?? '').replace(/^.*<([^>]+)>.*$/, '$1').trim(),
    subject: decodeWords(headers.subject ?? ''),
    text,
    replyTo: headers['reply-to'],
    attachments: attachmentNames(raw),
  };
}

/** The text/plain part, however deep: an attachment nests it in multipart/mixed → multipart/alternative. */
function plainText(raw: string): string | undefined {
  const { headers, body } = splitPart(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (boundary) {
    // Before the first delimiter is a preamble, after the closing one ("--boundary--") an epilogue.
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'));
    for (const part of parts) {
      const text = plainText(part);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return type.startsWith('text/plain') ? decodeBody(body, headers) : undefined;
}

/** Names of the attached files. */
function attachmentNames(raw: string): string[] {
  return [...raw.matchAll(/filename="?([^";\r\n]+)"?/g)].map((m) => m[1] ?? '');
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const trimmed = raw.replace(/^\r?\n/, '');
  const end = trimmed.search(/\r?\n\r?\n/);
  const head = end === -1 ? trimmed : trimmed.slice(0, end);
  const body = end === -1 ? '' : trimmed.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, headers: Record<string, string>): string {
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, as nodemailer writes accented subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
