import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTRIBUTE } from './features/public/islands/island';
import { ISLANDS, type IslandComponent, IslandRoot, islandIdPrefix } from './features/public/islands/islands';

/**
 * The entry of the static public pages (features/public/islands): React hydrates each island of the
 * prerendered HTML as its own root. The header and the carousel are in this entry's chunk and hydrate at
 * once; a form's island is imported by the page that has it, then hydrated. The prerendered page loads
 * main.tsx instead when a session is stored (scripts/prerender.mjs), since a signed-in visitor is sent to
 * the app.
 */
const path = window.location.pathname.replace(/(.)\/+$/, '$1');
const hydrate = (element: HTMLElement, name: string, component: IslandComponent) =>
  hydrateRoot(element, <IslandRoot component={component} path={path} />, {
    identifierPrefix: islandIdPrefix(name),
  });

for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
  const island = ISLANDS[name];
  if (!island) continue;
  if ('component' in island) hydrate(element, name, island.component);
  else void island.load().then((component) => hydrate(element, name, component));
}
