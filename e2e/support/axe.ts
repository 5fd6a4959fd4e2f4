import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
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
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `axe sur ${page.url()}`).toEqual([]);
}
