/**
 * The issuer's logo (PUT /users/me/logo): what the server accepts and the sentences it answers with,
 * so the web can check a file before sending it and word its refusals the same way.
 */

/** 1 Mo: a print logo needs far less, and the body is held in memory while it is resized. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** What may be sent; the type is read from the file's first bytes, never from a header. */
export const LOGO_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const LOGO_MESSAGES = {
  unsupported: 'Format d’image non pris en charge : envoyez un logo PNG, JPEG ou WebP.',
  unreadable: 'Image illisible : le fichier semble endommagé.',
  tooLarge: 'Le logo ne doit pas dépasser 1 Mo.',
  notFound: 'Aucun logo enregistré.',
} as const;
