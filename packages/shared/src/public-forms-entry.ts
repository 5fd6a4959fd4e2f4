/*
 * `@facturo/shared/public-forms`: what the public site's forms need (contact, waitlist, sign-in), without
 * the rest of the package. Their islands then build these schemas only, not every schema of the API (the
 * package's index: about 150 ms of a slow phone's main thread on a static page; issue 11, Lighthouse).
 * zod's locale and browser settings first, as the index does: they must be set before any schema exists.
 */
import './zod-locale.js';

export * from './auth.js';
export * from './errors.js';
export * from './password.js';
export * from './public-forms.js';
