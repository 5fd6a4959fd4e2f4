// After `vite build`: renders every public page of PUBLIC_PAGES to static HTML in dist/prerendered/, so the
// landing page and its neighbours are readable, indexable and shareable (per-page title, description and
// Open Graph tags) before any JavaScript runs. The server serves these files and writes its public
// address in place of __APP_URL__, known only at run time.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appFrameScript, firstScreenPreloadScript, firstScreenRequestsScript } from './first-screen-boot.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');
const { appFramePaths, renderAppFrame, renderPage, PUBLIC_PAGES } = await import(
  pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href
);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const HEAD = /<!-- page-head:[^>]*-->[\s\S]*<!-- \/page-head -->/;
if (!HEAD.test(template) || !template.includes('<div id="root"></div>')) {
  throw new Error('dist/index.html : marqueurs page-head ou <div id="root"></div> introuvables');
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function head({ path: pagePath, title, description }) {
  const url = `__APP_URL__${pagePath}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Facturo" />',
    '<meta property="og:locale" content="fr_FR" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    '<meta property="og:image" content="__APP_URL__/og-image.png" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta property="og:image:alt" content="Facturo, la facturation en ligne des indépendants" />',
    '<meta name="twitter:card" content="summary_large_image" />',
  ].join('\n    ');
}

/** `/` → index.html, `/mentions-legales` → mentions-legales.html: the server maps them back. */
const fileFor = (pagePath) => (pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`);

/*
 * Three changes make the static page paint at once instead of waiting for the app: its stylesheet is
 * inlined (no render-blocking request); the modulepreload links go, so the app's code does not share the
 * first bytes with the page; the page's code starts only after the first paint (requestAnimationFrame
 * fires before the paint, the timeout after it). Meanwhile the page already works: its links are real
 * links to other prerendered pages. The code is the app (main.tsx) for the pages it hydrates whole, and
 * for every page when a session is stored (index.html's first script sets `has-session`: the app sends
 * the visitor to /factures); otherwise, on a page of islands, only islands-main.tsx and what it imports.
 */
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const stylesheet = template.match(STYLESHEET);
const entry = template.match(ENTRY);
if (!stylesheet || !entry)
  throw new Error('dist/index.html : feuille de style ou script d’entrée introuvable');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const islandsEntry = manifest['src/islands-main.tsx']?.file;
if (!islandsEntry) throw new Error('manifeste : entrée src/islands-main.tsx introuvable');
const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');

/*
 * Signed in on /factures, the app's first screen (issue 16), the list's code is fetched with the entry's
 * and its first data asked for before the entry has run: index.html gets inline scripts
 * (first-screen-boot.mjs) that add the modulepreload links of the chunks main.tsx is about to import (the
 * frame, the list, its data, the session's check), read from the manifest with their own imports, and
 * sends the screen's first requests. Signed out, or on another page, it does nothing.
 */
const FIRST_SCREEN_PATH = '/factures';
const FIRST_SCREEN_MODULES = [
  'src/features/shell/app-shell.tsx',
  'src/features/invoices/list/invoices-page.tsx',
  'src/features/invoices/list/invoices-page-data.ts',
  'src/lib/session-user-schema.ts',
];
const alreadyLoaded = new Set(
  [...template.matchAll(/(?:href|src)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
);
const firstScreen = new Set();
const addChunk = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifeste : ${key} introuvable`);
  if (firstScreen.has(chunk.file) || alreadyLoaded.has(chunk.file)) return;
  firstScreen.add(chunk.file);
  for (const imported of chunk.imports ?? []) addChunk(imported);
};
for (const key of FIRST_SCREEN_MODULES) addChunk(key);
const requestsScript = firstScreenRequestsScript(FIRST_SCREEN_PATH);
const preloadScript = firstScreenPreloadScript(FIRST_SCREEN_PATH, [...firstScreen]);
/*
 * index.html also carries the signed-in frame (sidebar and top bar with the brand, an empty page column),
 * shown only when a session is stored and the address is one of its pages (appFrameScript): a signed-in page paints its real layout at once
 * instead of after the app's code, which replaces it at its first render with the frame filled in.
 */
const appFrame = await renderAppFrame();
writeFileSync(
  path.join(dist, 'index.html'),
  template
    .replace(
      ENTRY,
      (entryTag) => `${appFrameScript(appFramePaths())}\n    ${requestsScript}\n    ${entryTag}`,
    )
    .replace('</head>', () => `${preloadScript}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${appFrame}</div>`),
);
const startAfterPaint = (code) =>
  `<script type="module">requestAnimationFrame(() => setTimeout(() => import(${code})));</script>`;
const pageTemplate = (islands) =>
  template
    .replace(STYLESHEET, () => `<style>${css}</style>`)
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY, () =>
      startAfterPaint(
        islands
          ? `document.documentElement.classList.contains('has-session') ? '${entry[1]}' : '/${islandsEntry}'`
          : `'${entry[1]}'`,
      ),
    );

const out = path.join(dist, 'prerendered');
mkdirSync(out, { recursive: true });
for (const page of PUBLIC_PAGES) {
  const { html: body, islands } = await renderPage(page.path);
  const html = pageTemplate(islands)
    .replace(HEAD, () => head(page))
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${body}</div>`);
  writeFileSync(path.join(out, fileFor(page.path)), html);
}
rmSync(ssrDir, { recursive: true, force: true });
// Read above, not for browsers: the static files would serve it.
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
console.log(`${PUBLIC_PAGES.length} pages publiques prérendues dans dist/prerendered/`);
