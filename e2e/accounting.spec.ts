import { goToAccounting } from './support/accounting.js';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/**
 * Issue 18: the journey through « Comptabilité » — reached from the sidebar (the menu on a phone), every
 * section of the page a titled region, laid out without sideways scrolling at 375 px, and accessible.
 * Each section's own work is its spec's (accounting-journal, -receipts, -purchases, -archive).
 */

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 900, mobile: false },
  { name: '375 px', width: 375, height: 740, mobile: true },
] as const;

/** The sections every lane of issue 18 puts on the page, by their heading (regions named after it). */
const SECTIONS = ['Registre des événements', 'Livre des recettes', 'Registre des achats', 'Exports'] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a professional opens « Comptabilité » from the sidebar and finds every section', async ({
      page,
      request,
    }) => {
      const pro = await confirmedProfessional(request, 'compta');
      await signIn(page, pro.email, pro.password);
      await goToAccounting(page, viewport.mobile);
      await expect(page).toHaveTitle('Comptabilité · Facturo');
      for (const name of SECTIONS) {
        const region = page.getByRole('region', { name });
        await expect(region).toBeVisible();
        await expect(region.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      // Whatever sections the page holds: each a region named by its level-2 heading, in the page's width.
      const regions = page.getByRole('main').locator('section[aria-labelledby]');
      expect(await regions.count()).toBeGreaterThanOrEqual(SECTIONS.length);
      for (const region of await regions.all()) {
        await region.scrollIntoViewIfNeeded();
        await expect(region).toBeVisible();
        const box = await region.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width + 1).toBe(true);
      }
      // Nothing wider than the screen: no sideways scrolling on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);

      // The yearly archive's controls fit a phone: the button is reachable and as wide as it needs.
      const generate = page
        .getByRole('region', { name: 'Exports' })
        .getByRole('button', { name: 'Générer l’archive' });
      await generate.scrollIntoViewIfNeeded();
      await expect(generate).toBeVisible();
      await expect(generate).toBeEnabled();
    });
  });
}
