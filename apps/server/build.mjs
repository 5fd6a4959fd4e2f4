// Bundles the server into dist/main.js, and the PDF worker threads' entry into dist/pdf-worker.js
// (pdf-pool.ts starts it from beside main.js). Our own workspace packages are compiled in (they ship
// TypeScript sources); every npm dependency stays external and is loaded from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'pdf-worker': 'src/modules/invoices/document/pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@facturo/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
