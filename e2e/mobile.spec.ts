import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

test.use({ viewport: { width: 375, height: 740 } });

test('the mobile top menu opens, navigates and closes at 375 px', async ({ page, request }) => {
  const account = await confirmedProfessional(request, 'mobile');
  await signIn(page, account.email, account.password);
  await expectAccessible(page);

  const open = page.getByRole('button', { name: 'Ouvrir le menu' });
  await expect(open).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav).toBeHidden();

  await open.click();
  await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expectAccessible(page);
  await nav.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();

  // Nothing overflows the narrow screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
