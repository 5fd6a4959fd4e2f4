/**
 * The in-app path of a checkout url on this very origin (the server's test mode), else null (Stripe).
 * Following an in-app url with the router instead of a page load keeps what lives in memory, such as the
 * invoice in progress that the quota popup promised to keep.
 */
export function inAppPath(url: string, origin: string): string | null {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return null;
  }
  return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : null;
}
