import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Serious or critical accessibility violations on the page as it is now, one line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  // A toast fading in or out is half transparent for a few hundred milliseconds, and so are its title and
  // text while a second toast restacks it: axe would measure the contrast of a frame nobody reads. Wait until
  // every toast is fully shown (or gone) and nothing inside it is still in a transition.
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
        (toast) =>
          getComputedStyle(toast).opacity === '1' &&
          toast.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running'),
      ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * No serious or critical accessibility violation on the page as it settles. A toast can start restacking
 * between the wait above and axe's own pass (CI met it once: a half-faded toast title on /clients), so a
 * finding must hold on a second pass a moment later; a real violation does, a frame in transition does not.
 * One pass over /admin (users, live metrics, SIRET duplicates, unmatched statuses) took 21 s on the 2-core
 * machine while two workers ran: the poll waits 30 s, so that a slow pass is not taken for a violation.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await expect
    .poll(() => blockingViolations(page), { message: `axe sur ${page.url()}`, timeout: 30_000 })
    .toEqual([]);
}
