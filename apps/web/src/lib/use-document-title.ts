import { useEffect } from 'react';

/**
 * The tab title, set from an effect rather than a React <title> element: pages that are prerendered
 * get their title in the static <head>, and a <title> rendered inside #root would sit in the body.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
