import { expect, type Page } from '@playwright/test';

/**
 * The newest toast saying `text`, once its entrance animation is over: axe reads the colours of a
 * half-transparent one wrong. The newest comes first (sonner's data-index 0): two actions a few seconds
 * apart may say the same words while the earlier toast is still on screen.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCSS('opacity', '1');
}
