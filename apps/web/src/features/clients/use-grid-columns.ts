import { useSyncExternalStore } from 'react';

/**
 * The columns of the cards' grid (grid-cols-1, sm:grid-cols-2, xl:grid-cols-3), which the virtualised
 * list must know to draw whole rows. The same media queries as Tailwind's sm (40rem) and xl (80rem).
 */
const WIDE = '(min-width: 80rem)';
const MEDIUM = '(min-width: 40rem)';

function subscribe(onChange: () => void): () => void {
  const queries = [WIDE, MEDIUM].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function columns(): number {
  if (window.matchMedia(WIDE).matches) return 3;
  return window.matchMedia(MEDIUM).matches ? 2 : 1;
}

export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, columns, () => 1);
}
