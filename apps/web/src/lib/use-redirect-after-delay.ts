import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** SPEC §9: verification and reset pages go to /login 3 s after success. */
export const REDIRECT_DELAY_MS = 3000;

/** Navigates to `to` once, `delayMs` after it becomes non-null; cancelled if the page goes away first. */
export function useRedirectAfterDelay(to: string | null, delayMs = REDIRECT_DELAY_MS): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (to === null) return;
    const timer = window.setTimeout(() => navigate(to), delayMs);
    return () => window.clearTimeout(timer);
  }, [to, delayMs, navigate]);
}
