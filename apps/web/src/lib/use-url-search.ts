import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { searchTerm } from './paged-list';

/** The list search's parameter (?q=), kept in the address so a reload or a shared link searches again. */
export const SEARCH_PARAM = 'q';
/** Time without a keystroke before a search goes to the server: one request per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A search box bound to `?q=`: `text` follows the typing at once, `term` (what the list asks the server)
 * follows the address, which takes the text after SEARCH_DEBOUNCE_MS. `clear` empties both at once.
 * The address may also change under the box (back button, a navigation link): the box then shows it.
 */
export function useUrlSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = searchParams.get(SEARCH_PARAM) ?? '';
  const [text, setText] = useState(inUrl);
  /** The last value this hook wrote, to tell its own address changes from the others. */
  const written = useRef(inUrl);

  useEffect(() => {
    if (inUrl !== written.current) {
      written.current = inUrl;
      setText(inUrl);
    }
  }, [inUrl]);

  function write(value: string) {
    written.current = value;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (searchTerm(value)) next.set(SEARCH_PARAM, value);
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: write() reads only a ref and the router's setter; a keystroke restarts the delay.
  useEffect(() => {
    if (text === written.current) return;
    const timer = window.setTimeout(() => write(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return {
    text,
    setText,
    term: searchTerm(inUrl),
    clear: () => {
      setText('');
      write('');
    },
  };
}

export type UrlSearch = ReturnType<typeof useUrlSearch>;
