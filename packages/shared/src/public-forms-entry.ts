/*
 * `@facturo/shared/public-forms`: the public site's contact and waitlist forms, and nothing else. Only those
 * forms import it — neither the package's index nor the sign-in entry re-exports it — so no signed-in page
 * downloads their schemas (the app's chunks are checked for them in e2e/signed-in-chunks.spec.ts).
 * zod's locale and browser settings first, as the index does: they must be set before any schema exists.
 */
import './zod-locale.js';

export * from './public-forms.js';
