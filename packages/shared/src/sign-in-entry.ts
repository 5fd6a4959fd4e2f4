/*
 * `@facturo/shared/sign-in`: what the account forms need (sign-in, sign-up, password reset, the API's error
 * messages), without the rest of the package. The sign-in island of the static /login page then builds
 * these schemas only, not every schema of the API (the package's index: about 150 ms of a slow phone's main
 * thread on a static page; Lighthouse); the app's own account forms share them.
 * zod's locale and browser settings first, as the index does: they must be set before any schema exists.
 */
import './zod-locale.js';

export * from './auth.js';
export * from './errors.js';
export * from './password.js';
