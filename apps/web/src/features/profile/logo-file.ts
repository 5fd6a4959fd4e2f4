import { LOGO_ACCEPTED_TYPES, LOGO_MAX_BYTES, LOGO_MESSAGES } from '@facturo/shared';

/**
 * Why this file cannot be the logo, or null when it may be sent: the server's limits and sentences
 * (packages/shared/src/logo.ts), checked before the upload. The server reads the type from the bytes.
 */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_ACCEPTED_TYPES as readonly string[]).includes(file.type)) return LOGO_MESSAGES.unsupported;
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  return null;
}
