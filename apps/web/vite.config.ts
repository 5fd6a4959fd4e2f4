import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';

/* Large and used by nearly every page but the static ones: better their own chunk than inside a group. */
const SHARED_PACKAGES = /packages[\\/]shared[\\/]|node_modules[\\/]zod[\\/]/;
/* Indexes that re-export a whole library: the app's group takes what they lead to only through other paths. */
const BARRELS = /node_modules[\\/](lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs|radix-ui[\\/])/;
const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const ISLANDS_ENTRY = src('islands-main.tsx');
/* lucide's index re-exports every icon: reached, it would bring them all; the islands import theirs one by one. */
const ICON_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * A chunk of the modules `roots` import statically, the roots themselves aside, so what a first load needs
 * comes in one request rather than one per icon and helper: over HTTP/1.1's six connections, dozens of small
 * chunks queue behind each other. A module another group (higher priority) took stays there.
 */
function reachableFrom(
  roots: string[],
  name: string,
  { stopAt, skip, leave = [] }: { stopAt?: RegExp; skip?: RegExp; leave?: string[] } = {},
) {
  const walk = (from: string[], ctx: ChunkingContext) => {
    const seen = new Set<string>();
    const queue = [...from];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (seen.has(next) || skip?.test(next)) continue;
      if (stopAt?.test(next)) throw new Error(`${next} : les îlots importent leurs icônes une à une`);
      seen.add(next);
      queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    return seen;
  };
  let reachable: Set<string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!reachable) {
      reachable = walk(roots, ctx);
      for (const root of roots) reachable.delete(root);
      for (const left of walk(leave, ctx)) reachable.delete(left);
    }
    return reachable.has(id) ? name : null;
  };
}

/*
 * The signed-in app's first screen, /factures (issue 16): the frame, the list and what the boot asks for.
 * Other pages share the frame's part; the wizard, dialogs and settings stay in their own chunks (lazy).
 */
const APP_ROOTS = [
  'features/shell/app-shell.tsx',
  'features/invoices/list/invoices-page.tsx',
  'features/invoices/list/invoices-page-data.ts',
  'lib/session-user-schema.ts',
].map(src);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: {
    // The API runs as a separate process in development; in production the server serves dist/ itself.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // scripts/prerender.mjs reads where the islands' entry went.
    manifest: !isSsrBuild,
    rolldownOptions: {
      input: isSsrBuild
        ? undefined
        : { index: path.resolve(import.meta.dirname, 'index.html'), islands: ISLANDS_ENTRY },
      output: {
        // React changes less often than the app: its chunk stays cached across deployments. The router is
        // apart, so the static public pages (islands) load React alone. Other libraries are left to the
        // route chunks that use them, so the public site never downloads the app's forms and dialogs.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            ...(isSsrBuild
              ? []
              : [
                  // The static public pages' entry (islands-main.tsx): React plus this one chunk.
                  { name: reachableFrom([ISLANDS_ENTRY], 'islands', { stopAt: ICON_INDEX }), priority: 2 },
                  // The API's schemas (zod) in a chunk of their own, which the app's group below cannot take
                  // in: the public pages the app hydrates (/login) need them without the rest.
                  { name: 'shared', test: SHARED_PACKAGES, priority: 1 },
                  // What the app's entry itself imports stays with it: the public pages it hydrates need it.
                  {
                    name: reachableFrom(APP_ROOTS, 'app', { skip: BARRELS, leave: [src('main.tsx')] }),
                    priority: 0,
                  },
                ]),
          ],
        },
      },
    },
  },
}));
