import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useState } from 'react';

/**
 * State of an auto-rotating carousel after the WAI-ARIA pattern: rotation is what the visitor asked for
 * (`playing`) unless they are pointing at or working inside it, and a visitor who prefers reduced motion never
 * sees it move by itself.
 */
export function useCarousel(count: number, delayMs: number) {
  const [index, setIndex] = useState(0);
  // Off until the effect below has read the motion preference: the prerendered HTML and the first render in the
  // browser must agree, and nothing should move before the page is interactive anyway.
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    if (!reducedMotion.matches) setPlaying(true);
    const stopIfReduced = () => {
      if (reducedMotion.matches) setPlaying(false);
    };
    reducedMotion.addEventListener('change', stopIfReduced);
    return () => reducedMotion.removeEventListener('change', stopIfReduced);
  }, []);

  const rotating = playing && !hovered && !focused;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index restarts the delay, so a slide the visitor just chose stays its full time.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), delayMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count, delayMs]);

  const goTo = useCallback((target: number) => setIndex(((target % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((current) => (current + 1) % count), [count]);
  const previous = useCallback(() => setIndex((current) => (current - 1 + count) % count), [count]);

  /** Spread on the element that holds the controls and the slides. */
  const regionProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') previous();
      else return;
      event.preventDefault();
    },
  };

  return {
    index,
    playing,
    rotating,
    goTo,
    next,
    previous,
    togglePlaying: () => setPlaying((value) => !value),
    regionProps,
  };
}
