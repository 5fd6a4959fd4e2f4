/** What PUT /users/me/logo accepts (issue 12); the server checks the bytes, the web the obvious first. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPE_MESSAGE = 'Format non pris en charge : choisissez une image PNG, JPEG ou WebP.';
export const LOGO_SIZE_MESSAGE = 'Image trop lourde : 1 Mo au maximum.';

/** Why this file cannot be the logo, or null when it may be sent. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}
