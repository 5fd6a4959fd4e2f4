// Bundles the server into dist/main.js, and the worker threads' entries beside it: dist/pdf-worker.js
// and dist/einvoice-worker.js (lib/thread-pool.ts starts them from beside main.js). Our own workspace packages are compiled in (they ship
// TypeScript sources), and so are npm dependencies but those listed in KEPT_EXTERNAL.
//
// Issue 16: what a mode does not use is imported lazily (`await import(…)`): the stripe SDK without its
// keys, PGlite with DATABASE_URL, sharp before the first logo, nodemailer before the first e-mail, and
// pdfkit outside the worker threads. Code splitting keeps our modules behind those imports in chunks of
// their own, and the check below fails the build if the start of the server would load one of them.
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const LAZY_PACKAGES = [
  'stripe',
  '@electric-sql/pglite',
  'sharp',
  'nodemailer',
  'pdfkit',
  'fontkit',
  'qrcode',
  // Fastify's default schema compilers, which app.ts replaces with zod's (schemaController).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  // @fastify/static's file listing, for `wildcard: false` only, and the IANA types that
  // @fastify/compress looks up for unusual ones (both required where used, patched below).
  'glob',
  'mime-db',
  // Fastify's inject (tests only; Fastify requires it when first called), and OpenTelemetry, which
  // prom-client asks only for exemplars (patched below).
  'light-my-request',
  '@opentelemetry/api',
  // The OpenAPI document, built on its first request (lib/openapi.ts).
  '@fastify/swagger',
  'yaml',
  // The password hash (a native addon), at the first sign-up or sign-in; the PDF worker pool, at the
  // first PDF (lib/password-hash.ts, document/pdf-pool.ts).
  'argon2',
  'piscina',
  // Issue 19: pdf.js, which reads the factur-x.xml of a received Factur-X, at the first PDF received;
  // from node_modules, where its fake worker (pdf.worker.mjs) sits beside it.
  'pdfjs-dist',
];

/**
 * Loaded when needed too, but compiled into chunks of their own rather than read from node_modules:
 * they then share the bundle's copies of their dependencies (pg-boss its pg, patched below). The job
 * queue with luxon and cron-parser, loaded while the database is migrated (lib/jobs.ts).
 */
const LAZY_BUNDLED = ['pg-boss', 'luxon', 'cron-parser'];

/**
 * The other npm packages are compiled into the bundle: loading one file instead of some 1,500 from
 * node_modules (each resolved, stat'ed, read and compiled apart) takes about a third off the start.
 * Stay external: the lazy ones (loaded only when needed), native addons, packages that start a file
 * of their own by path (piscina's worker, DejaVu's fonts), and optional ones that may be absent.
 */
const KEPT_EXTERNAL = new Set([...LAZY_PACKAGES, 'dejavu-fonts-ttf', 'pg-native', 'pino-pretty']);

/**
 * Lines of dependencies rewritten at build time for what the start loads; the build stops if a line
 * is no longer there, rather than silently keeping the cost.
 *
 * Two packages touch the global `Response`, which on Node 20 loads the whole of undici (fetch): ~25 ms
 * and some MiB of the start, for code that never uses fetch.
 * - pg picks its socket functions when it loads, asking whether it runs on Cloudflare Workers by
 *   building a `Response`; this bundle is built for Node only (platform: 'node'): Node's sockets.
 * - @fastify/compress asks of every reply whether it is a fetch `Response` (`instanceof`), so the
 *   first answer loaded undici; the same test, made only of objects that say they are one.
 */
/**
 * A call-time require of `name` as `dependent` itself would resolve it (its own version, should npm
 * have installed one beside it), from the bundle, which sits elsewhere.
 */
function requireBeside(name, dependent) {
  return `require(require.resolve('${name}', { paths: [require.resolve('${dependent}')] }))`;
}

const START_PATCHES = [
  {
    file: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/,
    edits: [
      [
        'const { getStream, getSecureStream } = getStreamFuncs()',
        'const { getStream, getSecureStream } = getNodejsStreamFuncs()',
      ],
    ],
  },
  {
    file: /[\\/]node_modules[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/,
    edits: [
      [
        'return obj instanceof Response',
        "return Object.prototype.toString.call(obj) === '[object Response]' && obj instanceof Response",
      ],
    ],
  },
  {
    // @fastify/static lists the files up front with glob only for `wildcard: false`; web-app.ts
    // serves with the wildcard, so glob (with minimatch, path-scurry and lru-cache, ~250 KB) is
    // required where it is used, from node_modules, instead of compiled into the start.
    file: /[\\/]node_modules[\\/]@fastify[\\/]static[\\/]index\.js$/,
    edits: [
      [
        "const { glob } = require('glob')",
        `const glob = (...args) => ${requireBeside('glob', '@fastify/static')}.glob(...args)`,
      ],
    ],
  },
  {
    // @fastify/compress looks a reply's type up in mime-db (~150 KB, all the IANA types) only when its
    // own list of usual ones (JSON, text, JavaScript…) says no: mime-db is required then, from
    // node_modules, so a replica that answers JSON and pages never loads it.
    file: /[\\/]node_modules[\\/]@fastify[\\/]compress[\\/]index\.js$/,
    edits: [
      [
        "const mimedb = require('mime-db')",
        `let mimedb\nconst mimeDb = () => (mimedb ??= ${requireBeside('mime-db', '@fastify/compress')})`,
      ],
      ['const data = mimedb[type', 'const data = mimeDb()[type'],
    ],
  },
  {
    // prom-client's CPU metric asks OpenTelemetry for the current span only when exemplars are
    // enabled (they are not: modules/metrics): @opentelemetry/api is required then.
    file: /[\\/]node_modules[\\/]prom-client[\\/]lib[\\/]metrics[\\/]processCpuTotal\.js$/,
    edits: [
      [
        "const OtelApi = require('@opentelemetry/api');",
        `let otelApi;\nconst otel = () => (otelApi ??= ${requireBeside('@opentelemetry/api', 'prom-client')});`,
      ],
      ['OtelApi.trace.getSpan(OtelApi.context.active())', 'otel().trace.getSpan(otel().context.active())'],
    ],
  },
];
/**
 * zod's 64 message locales (300 KB, half of zod in the bundle) all come with `z`: its namespace object
 * (`z.locales`) keeps esbuild from dropping any. The server speaks French (the shared package's
 * zod-locale.ts, `z.locales.fr()`) and zod falls back on English by itself: the locales' index
 * offers those two. A module asking for another one would fail at once, at start.
 */
const ZOD_LOCALES = ['fr', 'en'];
const zodLocales = {
  name: 'zod-locales',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      const lines = ZOD_LOCALES.map((name) => `export { default as ${name} } from "./${name}.js";`);
      const missing = lines.filter((line) => !code.includes(line));
      if (missing.length > 0)
        throw new Error(`build.mjs : ${args.path} ne contient plus ${missing.join(' ')}`);
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

const startPatches = {
  name: 'start-patches',
  setup(b) {
    // readable-stream republishes Node's own streams for other runtimes (v4: Node 18's); only
    // @fastify/compress asks for it (Readable.from, Transform), and on Node the built-in is the same
    // code, already loaded: 190 KB less to compile at every start.
    b.onResolve({ filter: /^readable-stream$/ }, () => ({ path: 'node:stream', external: true }));
    for (const patch of START_PATCHES) {
      b.onLoad({ filter: patch.file }, (args) => {
        let code = readFileSync(args.path, 'utf8');
        for (const [from, to] of patch.edits) {
          if (!code.includes(from)) throw new Error(`build.mjs : ${args.path} ne contient plus « ${from} »`);
          code = code.replace(from, to);
        }
        return { contents: code, loader: 'js' };
      });
    }
  },
};

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`; `node:fs` stays as is. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const result = await build({
  metafile: true,
  entryPoints: {
    main: 'src/main.ts',
    'pdf-worker': 'src/modules/invoices/document/pdf-worker.ts',
    // The threads that read received e-invoices (supplier-invoices/parse-einvoice.ts).
    'einvoice-worker': 'src/modules/supplier-invoices/parse/einvoice-worker.ts',
    // Run once below, by the build itself: it writes the embedded database's migrated template.
    'pglite-template': 'src/db/pglite-template.build.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Issue 16: without comments, indentation and line breaks the bundle is 40 % smaller, which V8
  // scans at every start and keeps in memory as the functions' source (~2.5 MiB of RSS, ~10 ms).
  // Names are kept, so a stack trace still names its functions; the source map beside each file
  // gives the TypeScript line (NODE_OPTIONS=--enable-source-maps, README).
  minifyWhitespace: true,
  logLevel: 'warning',
  // Bundled npm code written as CommonJS still calls require() and reads __dirname: give every
  // file of the bundle both, as Node gives them to a CommonJS module.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
    ].join('\n'),
  },
  plugins: [
    startPatches,
    zodLocales,
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          const name = packageName(args.path);
          return KEPT_EXTERNAL.has(name) ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
});

/**
 * esbuild escapes non-ASCII characters in strings (charset ascii) but keeps comments as written, and
 * one « or é in a comment is enough for V8 to hold the whole file's source in two bytes a character:
 * main.js's 3.4 MB cost 7 MiB of heap for as long as the server runs. The comments' characters are
 * escaped too (`\uXXXX`, still readable); outside comments there are none left to change.
 */
for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(file, 'utf8');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is every non-ASCII code unit
  const ascii = code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== code) writeFileSync(file, ascii);
}

/**
 * The packages an output loads at once, from esbuild's own account of the build (the metafile): the
 * npm modules compiled into it and into the chunks it imports statically, and the external packages
 * those import statically. Dynamic imports (`await import(…)`) are what stays lazy.
 */
function staticPackages(output, seen = new Set()) {
  if (seen.has(output)) return new Set();
  seen.add(output);
  const packages = new Set();
  const { imports, inputs } = result.metafile.outputs[output];
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const name = input.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];
    if (name && bytesInOutput > 0) packages.add(name);
  }
  for (const { path: imported, kind, external } of imports) {
    if (kind !== 'import-statement') continue;
    if (external) packages.add(packageName(imported));
    else for (const p of staticPackages(imported, seen)) packages.add(p);
  }
  return packages;
}

const eager = [...staticPackages('dist/main.js')].filter((p) =>
  [...LAZY_PACKAGES, ...LAZY_BUNDLED].some((lazy) => p === lazy || p.startsWith(`${lazy}/`)),
);
if (eager.length > 0) {
  console.error(`build.mjs : chargé au démarrage alors qu’il doit l’être à la demande : ${eager.join(', ')}`);
  process.exit(1);
}

/**
 * The embedded database's template (src/db/pglite-template.ts): a first start in PGlite mode loads this
 * migrated data directory instead of running initdb and the migrations. Made by the bundle just built, so it
 * holds the migrations this build ships.
 */
const { writePgliteTemplate } = await import(new URL('./dist/pglite-template.js', import.meta.url).href);
await writePgliteTemplate('dist/pglite-template.tar.gz');
