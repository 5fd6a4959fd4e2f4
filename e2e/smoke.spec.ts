import { expect, test } from '@playwright/test';

test('smoke', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
});
