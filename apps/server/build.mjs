// Bundles the server into dist/main.js. Our own workspace packages are compiled in (they ship
// TypeScript sources); every npm dependency stays external and is loaded from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
