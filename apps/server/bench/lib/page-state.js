// Evaluated by the bench (lib/browser.ts) in the page: what it has measured so far. `watch` is a URL part.
(watch) => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const watched = watch
    ? performance.getEntriesByType('resource').find((e) => e.name.includes(watch))
    : undefined;
  return {
    fcp: paint?.startTime,
    found: window.__bench.found,
    longTasks: window.__bench.longTasks,
    now: performance.now(),
    domNodes: document.getElementsByTagName('*').length,
    watchedStart: watched?.startTime,
  };
};
