/**
 * The issuer's logo (PUT /users/me/logo): what the server accepts and the sentences it answers with,
 * so the web can check a file before sending it and word its refusals the same way.
 */

/** 1 Mo: a print logo needs far less, and the body is held in memory while it is resized. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/**
 * 25 millions of pixels: a small file can claim huge dimensions (a decompression bomb); the size is read
 * from the image's header, before anything is decoded.
 */
export const LOGO_MAX_PIXELS = 25_000_000;

/** What may be sent; the type is read from the file's first bytes, never from a header. */
export const LOGO_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const LOGO_MESSAGES = {
  unsupported: 'Format d’image non pris en charge : envoyez un logo PNG, JPEG ou WebP.',
  unreadable: 'Image illisible : le fichier semble endommagé.',
  tooLarge: 'Le logo est trop grand : 1 Mo au maximum.',
  tooManyPixels:
    'Le logo est trop grand : 25 millions de pixels au maximum (5\u00a0000 × 5\u00a0000 par exemple).',
  notFound: 'Aucun logo enregistré.',
} as const;
