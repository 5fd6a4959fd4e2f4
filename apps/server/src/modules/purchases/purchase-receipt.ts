import { PURCHASE_MESSAGES, type PurchaseReceiptType } from '@facturo/shared';
import { AppError } from '../../lib/errors.js';
import { detectImageType } from '../users/logo/logo-image.js';

/**
 * The receipt's type from its bytes, never from the Content-Type the browser sent nor the file's name:
 * a program renamed « facture.pdf » is refused. Three fixed signatures, so no file-type library (it knows
 * a hundred formats we refuse); the images' signatures are the logo's (logo-image.ts).
 */
export function receiptTypeOf(bytes: Uint8Array): PurchaseReceiptType | null {
  // « %PDF- »: a PDF starts with its header (ISO 32000-1 §7.5.2).
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') {
    return 'application/pdf';
  }
  const image = detectImageType(bytes);
  if (image === 'png') return 'image/png';
  if (image === 'jpeg') return 'image/jpeg';
  return null;
}

const EXTENSIONS: Record<PurchaseReceiptType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** What a file name loses: path separators, control characters, quotes and what Windows forbids. */
const UNSAFE = /[\p{Cc}\u2028\u2029/\\"<>:|?*]/gu;

/**
 * The name the receipt is stored and served under: what the browser sent (percent-encoded in the
 * X-Nom-Fichier header) stripped of what a file system or a header could misread, with the extension of
 * its real type; « justificatif.pdf » when nothing usable was sent.
 */
export function receiptName(sent: string | undefined, type: PurchaseReceiptType): string {
  let decoded = '';
  try {
    decoded = sent ? decodeURIComponent(sent) : '';
  } catch {
    decoded = '';
  }
  // A browser sends a bare name, but a crafted request may send a path: only its last part counts.
  const base = (decoded.split(/[/\\]/).pop() ?? '')
    .replace(UNSAFE, '')
    .replace(/\.[^.]*$/, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return `${base || 'justificatif'}.${EXTENSIONS[type]}`;
}

/** The bytes, checked: something was sent, and it is a PDF, a JPEG or a PNG (the size is Fastify's bodyLimit). */
export function checkedReceipt(body: unknown): { bytes: Buffer; type: PurchaseReceiptType } {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError(400, 'validation_error', PURCHASE_MESSAGES.receiptEmpty);
  }
  const type = receiptTypeOf(body);
  if (!type) throw new AppError(415, 'unsupported_image', PURCHASE_MESSAGES.receiptUnsupported);
  return { bytes: body, type };
}

/**
 * `attachment` with an ASCII fallback name and the real one in UTF-8 (RFC 6266 / RFC 5987), so
 * « Reçu café.pdf » arrives with its accents and no header can be broken by it.
 */
export function receiptDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[%;]/g, '_') || 'justificatif';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** encodeURIComponent leaves ' ( ) which RFC 5987's attr-char does not allow. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
