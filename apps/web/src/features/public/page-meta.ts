import { publicPage } from '@facturo/shared/public-pages';
import { useEffect } from 'react';

function setMeta(selector: string, content: string) {
  document.head.querySelector(selector)?.setAttribute('content', content);
}

/**
 * Keeps the tab title and the description / Open Graph tags in step with the public page being shown.
 * The first load gets them in the prerendered HTML (scripts/prerender); this covers client-side navigation,
 * updating the tags index.html already has instead of adding a second set.
 */
export function usePageMeta(path: string): void {
  useEffect(() => {
    const page = publicPage(path);
    document.title = page.title;
    setMeta('meta[name="description"]', page.description);
    setMeta('meta[property="og:title"]', page.title);
    setMeta('meta[property="og:description"]', page.description);
    const url = `${window.location.origin}${page.path}`;
    setMeta('meta[property="og:url"]', url);
    document.head.querySelector('link[rel="canonical"]')?.setAttribute('href', url);
  }, [path]);
}
