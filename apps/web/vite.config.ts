import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';

const ISLANDS_ENTRY = path.resolve(import.meta.dirname, 'src/islands-main.tsx');
/* lucide's index re-exports every icon: reached, it would bring them all; the islands import theirs one by one. */
const ICON_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
/** zod itself, and the shared package's module that sets its locale and browser settings. */
const ZOD = /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/]zod-locale\.ts$/;

/**
 * The modules the static public pages' entry imports, itself aside (features/public/islands), in one chunk:
 * one request for the landing page instead of one per icon and helper (issue 16: at most 10 requests).
 * The app shares that small chunk.
 */
function islandsChunk() {
  let reachable: Set<string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!reachable) {
      reachable = new Set<string>();
      const queue = [ISLANDS_ENTRY];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (reachable.has(next)) continue;
        if (ICON_INDEX.test(next)) throw new Error(`${next} : les îlots importent leurs icônes une à une`);
        reachable.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
      reachable.delete(ISLANDS_ENTRY);
    }
    return reachable.has(id) ? 'islands' : null;
  };
}

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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            // zod serves the app and the public site's forms alike: in a chunk of its own, it never rides along
            // with one side's schemas into the other's pages (e2e/signed-in-chunks.spec.ts). Its French
            // locale and browser settings with it, so that they run before any schema, whoever loads zod first.
            { name: 'zod', test: ZOD, priority: 2 },
            // The static public pages' entry (islands-main.tsx): React plus this one chunk.
            ...(isSsrBuild ? [] : [{ name: islandsChunk(), debugName: 'islands', priority: 1 }]),
          ],
        },
      },
    },
  },
}));
