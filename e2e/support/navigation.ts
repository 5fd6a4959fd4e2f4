import type { Page } from '@playwright/test';

/**
 * Follows an entry of the main navigation as a user would: on a phone the menu opens first (the sidebar
 * is hidden there).
 */
export async function followNavLink(page: Page, name: string | RegExp, mobile: boolean): Promise<void> {
  if (mobile)
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Ouvrir le menu/ })
      .click();
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name }).click();
}
