// The inline scripts index.html gets for the signed-in app (issue 16), run before any module: one shows its
// prerendered frame on the app's pages; on the first screen, /factures, one sends the screen's first
// requests with the stored token and the other fetches the screen's chunks (modulepreload links, listed from
// the build's manifest by prerender.mjs), so neither waits for the app's entry to have run. The app adopts
// those answers (src/lib/early-responses.ts). Their text is hashed into the page's CSP by the server
// (lib/page-csp.ts), like every inline script.
// Storage keys: TOKEN_KEY and USER_KEY of src/lib/session-store.ts.

/**
 * Shows index.html's signed-in frame (src/index.css) when a session is stored and the address is one of the
 * frame's pages: before the stylesheet's link, so the class is there for the first paint.
 * @param {string[]} routePaths the frame's routes, as the route table writes them (`/factures/:id`)
 */
export function appFrameScript(routePaths) {
  const patterns = routePaths.map((p) => `^${p.replace(/:[^/]+/g, '[^/]+')}/?$`);
  return `<script>
      try {
        const patterns = ${JSON.stringify(patterns)};
        if (localStorage.getItem('token') && patterns.some((p) => new RegExp(p).test(location.pathname))) {
          document.documentElement.classList.add('app-frame');
        }
      } catch {}
    </script>`;
}

const onFirstScreen = (path) =>
  `localStorage.getItem('token') && location.pathname.replace(/(.)\\/+$/, '$1') === '${path}'`;

/**
 * The requests: placed before the stylesheet's link (an inline script after it waits for the stylesheet)
 * and before the entry, so they take the first of the browser's six connections.
 * @param {string} path the first screen's path
 */
export function firstScreenRequestsScript(path) {
  // Keep the paths in step with what the app asks first for that screen: src/lib/session.ts
  // (/users/me) and src/features/invoices/list/invoices-page-data.ts (the box's first page and totals,
  // whose paths list-path.ts builds; with a filter or a search in the address the app asks alone).
  return `<script>
      try {
        const user = JSON.parse(localStorage.getItem('user') || 'null');
        if (user && ${onFirstScreen(path)}) {
          const token = localStorage.getItem('token');
          const search = new URLSearchParams(location.search);
          const box = user.role === 'professionnel' && search.get('onglet') !== 'reception' ? '/factures' : '/factures/received';
          const filtered = ['status', 'type', 'q'].some((name) => (search.get(name) || '').trim() !== '');
          const responses = {};
          for (const apiPath of filtered ? ['/users/me'] : [box, box + '/totaux', '/users/me']) {
            const headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
            responses[apiPath] = fetch('/api' + apiPath, { headers });
            // A network failure is the app's to report when it adopts the answer, not an unhandled rejection.
            responses[apiPath].catch(() => {});
          }
          window.__facturoEarly = { token, responses };
        }
      } catch {}
    </script>`;
}

/**
 * The chunks: at the end of the head, after the entry's own modulepreload links, which go first.
 * @param {string} path the first screen's path
 * @param {string[]} files its chunks, relative to the site's root
 */
export function firstScreenPreloadScript(path, files) {
  return `<script>
      try {
        if (${onFirstScreen(path)}) {
          for (const file of ${JSON.stringify(files)}) {
            const link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = '/' + file;
            document.head.append(link);
          }
        }
      } catch {}
    </script>`;
}
