// The inline scripts index.html gets for the signed-in app's first screen, /factures (issue 16). They run
// before any module: signed in there, one sends the screen's first requests with the stored token, the other
// fetches the screen's chunks (modulepreload links, listed from the build's manifest by prerender.mjs), so
// neither waits for the app's entry to have run. The app adopts those answers (src/lib/early-responses.ts).
// Their text is hashed into the page's CSP by the server (lib/page-csp.ts), like every inline script.
// Storage keys: TOKEN_KEY and USER_KEY of src/lib/session-store.ts.

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
