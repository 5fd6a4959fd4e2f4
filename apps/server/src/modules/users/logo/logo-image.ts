import { LOGO_MAX_PIXELS, LOGO_MESSAGES } from '@facturo/shared';
import { AppError } from '../../../lib/errors.js';

/** What is stored and printed: a PNG or a JPEG (the two formats pdfkit draws), at most PRINT_BOX. */
export interface PrintLogo {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

type Detected = 'png' | 'jpeg' | 'webp';

/**
 * 600 × 300 px is 2 × the 150 × 75 pt box the PDF draws it in at most (about 300 dpi on paper):
 * sharp enough for print, small enough to send with every invoice.
 */
const PRINT_BOX = { width: 600, height: 300 };

const unsupported = () => new AppError(415, 'unsupported_image', LOGO_MESSAGES.unsupported);

/** The format from the file's signature, never from what the sender says it is. */
export function detectImageType(bytes: Uint8Array): Detected | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Checks the upload and makes it the print logo: turned upright (EXIF), fitted inside PRINT_BOX
 * without enlarging, in sRGB (the PDF/A output intent), 8 bits. A WebP becomes a PNG (pdfkit draws
 * no WebP, and a PNG keeps its transparency); a JPEG stays a JPEG (smaller for photos).
 */
export async function toPrintLogo(upload: Buffer): Promise<PrintLogo> {
  const type = detectImageType(upload);
  if (!type) throw unsupported();
  // libvips is loaded with the first logo, not at start: it weighs ~25 MiB of memory in every replica.
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' } as const;
  // The dimensions, from the header alone: too many pixels is said so (with the limit), not taken for a
  // damaged file — which is what sharp's own limit (kept below, should the header lie) would make of it.
  const { width, height } = await sharp(upload, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError(400, 'unsupported_image', LOGO_MESSAGES.unreadable);
    });
  if (width * height > LOGO_MAX_PIXELS)
    throw new AppError(422, 'image_too_large', LOGO_MESSAGES.tooManyPixels);
  const image = sharp(upload, options)
    .rotate()
    .resize({ ...PRINT_BOX, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  const asJpeg = type === 'jpeg';
  try {
    const { data, info } = await (asJpeg ? image.jpeg({ quality: 90 }) : image.png()).toBuffer({
      resolveWithObject: true,
    });
    return {
      bytes: data,
      contentType: asJpeg ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
    };
  } catch {
    // The signature was right but the rest is not an image sharp can read (truncated, corrupt).
    throw new AppError(400, 'unsupported_image', LOGO_MESSAGES.unreadable);
  }
}
