import { useEffect, useRef } from 'react';

/**
 * Runs `action` once, `delayMs` after `trigger` becomes non-null (a new trigger value restarts the wait);
 * cancelled if the component goes away first. The latest `action` is used, so callers may pass inline
 * functions without restarting the timer on every render.
 */
export function useAfterDelay(trigger: unknown, delayMs: number, action: () => void): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    if (trigger === null || trigger === undefined) return;
    const timer = window.setTimeout(() => latest.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [trigger, delayMs]);
}
