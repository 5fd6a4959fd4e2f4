import { z } from 'zod';

// Messages that no schema words itself (an unknown key, a wrong type) still reach a French reader.
z.config(z.locales.fr());

// The web pages' Content-Security-Policy forbids eval: zod must not compile its parsers with
// `new Function`, nor even probe whether it may (the browser reports the probe as a violation).
z.config({ jitless: true });
