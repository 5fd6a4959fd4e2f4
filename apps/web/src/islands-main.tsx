import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTRIBUTE } from './features/public/islands/island';
import { IslandRoot, islandIdPrefix } from './features/public/islands/islands';

/**
 * The entry of the static public pages (features/public/islands): React hydrates each island of the
 * prerendered HTML as its own root. The prerendered page loads main.tsx instead when a session is stored
 * (scripts/prerender.mjs), since a signed-in visitor is sent to the app.
 */
const path = window.location.pathname.replace(/(.)\/+$/, '$1');
for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  hydrateRoot(element, <IslandRoot name={name} path={path} />, { identifierPrefix: islandIdPrefix(name) });
}
