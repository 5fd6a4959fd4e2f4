import { z } from 'zod';

// Messages that no schema words itself (an unknown key, a wrong type) still reach a French reader.
z.config(z.locales.fr());
