import { z } from 'zod';

// Messages that no schema words itself (an unknown key, a wrong type) still reach a French reader.
z.config(z.locales.fr());

// The web pages' Content-Security-Policy forbids eval: in a browser zod must not compile its parsers
// with `new Function`, nor even probe whether it may (the browser reports the probe as a violation).
// On the server nothing forbids it, and the compiled object parsers are what make request bodies cheap
// to check (issue 16: invoice creation). Set here, before any schema exists: zod reads it when a schema
// is built.
z.config({ jitless: 'window' in globalThis });
