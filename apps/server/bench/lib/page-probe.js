// Injected by the bench (lib/browser.ts) into every page it loads, before the page's own scripts.
// window.__benchConfig = { origin, session, selector } is set just before this runs.
(() => {
  const config = window.__benchConfig ?? {};
  if (config.session && location.origin === config.origin) {
    // Signed in as the web app keeps a session (lib/session-store.ts: « token » and « user »).
    localStorage.setItem('token', config.session.token);
    localStorage.setItem('user', JSON.stringify(config.session.user));
  }
  const bench = { longTasks: [], found: undefined };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // The instant the awaited element appears, from a MutationObserver: no polling that would itself
  // load the main thread being measured.
  if (config.selector) {
    const observer = new MutationObserver(() => {
      if (bench.found === undefined && document.querySelector(config.selector)) {
        bench.found = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }
})();
