import type { Locator, Page } from '@playwright/test';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/** Where the landing's calls to action end up: creating an invoice and trying both start with an account. */
const REDIRECTED_TO: Record<string, string> = { '/create-invoice': '/register', '/try': '/register' };

function carousel(page: Page): Locator {
  return page.locator('[aria-roledescription="carrousel"]');
}

/** The slide on show: the others are inert while they wait off-screen. */
function currentSlide(page: Page): Locator {
  return carousel(page).locator('[aria-roledescription="diapositive"]:not([inert])');
}

/** The prerendered page's controls are disabled until React runs it: an enabled one means keys and clicks now count. */
async function waitForHydration(page: Page): Promise<void> {
  await expect(carousel(page).getByRole('button', { name: 'Diapositive suivante' })).toBeEnabled();
}

/** Neither pointer nor focus inside the carousel: what suspends rotation is gone, only Pause / Lecture counts. */
async function leaveCarousel(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('every link of the landing page leads to a real page', async ({ page }) => {
  // A long journey: three times the test timeout of the config.
  test.slow();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const hrefs = await page
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const paths = [...new Set(hrefs.map((href) => new URL(href, 'http://facturo.test').pathname))];
  // The page must at least offer what SPEC §2 lists for "/".
  for (const required of [
    '/login',
    '/register',
    '/create-invoice',
    '/try',
    '/features',
    '/contact',
    '/privacy',
    '/terms',
    '/payment-cards',
    '/invoices',
    '/expenses',
    '/insurance',
  ]) {
    expect(paths).toContain(required);
  }

  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(REDIRECTED_TO[path] ?? path);
  }
});

test('the FAQ keeps one answer open at a time, answers already in the page for search engines', async ({
  page,
  request,
}) => {
  // The answers are in the HTML itself, not added by a script when a question opens.
  const html = await (await request.get('/')).text();
  expect(html).toContain('sans carte bancaire. Aucun moyen de paiement');
  expect(html).toContain('"@type":"FAQPage"');

  await page.goto('/');
  const faq = page.locator('#faq');
  const trial = faq.locator('details', { has: page.getByText("Comment fonctionne l'essai gratuit ?") });
  const afterTrial = faq.locator('details', {
    has: page.getByText("Que se passe-t-il à la fin de l'essai ?"),
  });
  await expect(faq.locator('details')).toHaveCount(7);
  await expect(faq.locator('details[open]')).toHaveCount(0);
  await expect(faq.getByText('sans carte bancaire. Aucun moyen de paiement')).toBeHidden();

  await trial.locator('summary').click();
  await expect(trial).toHaveAttribute('open', '');
  await expect(faq.getByText('sans carte bancaire. Aucun moyen de paiement')).toBeVisible();
  await expectAccessible(page);

  // Opening another closes the first.
  await afterTrial.locator('summary').click();
  await expect(afterTrial).toHaveAttribute('open', '');
  await expect(trial).not.toHaveAttribute('open');
  await expect(faq.getByText('sans carte bancaire. Aucun moyen de paiement')).toBeHidden();
  await expect(faq.getByText("Rien n'est supprimé")).toBeVisible();
  await expect(faq.locator('details[open]')).toHaveCount(1);

  // With the keyboard: Enter on a focused question toggles it.
  await afterTrial.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(faq.locator('details[open]')).toHaveCount(0);
});

test('the carousel turns by itself, stops on Pause, on hover and on focus, and obeys its buttons', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  const region = carousel(page);
  const pause = region.getByRole('button', { name: /^Pause/ });
  // Rotation starts once the page is interactive (the prerendered HTML shows Lecture).
  await expect(pause).toBeVisible();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 sur 5');
  await expect(region.locator('[aria-live]')).toHaveAttribute('aria-live', 'off');

  await page.clock.runFor(5_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '2 sur 5');
  await page.clock.runFor(5_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '3 sur 5');

  await pause.click();
  const play = region.getByRole('button', { name: /^Lecture/ });
  await expect(play).toBeVisible();
  await leaveCarousel(page);
  await expect(region.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  await page.clock.runFor(15_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '3 sur 5');

  // Lecture starts again once the visitor has left the carousel, which shows the pause above was the button's.
  await play.click();
  await expect(pause).toBeVisible();
  await leaveCarousel(page);
  await page.clock.runFor(5_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '4 sur 5');

  // Pointing at a slide holds it.
  await currentSlide(page).hover();
  await page.clock.runFor(15_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '4 sur 5');
  await leaveCarousel(page);
  await page.clock.runFor(5_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '5 sur 5');

  // Focus inside holds it too, and the buttons and arrow keys move it.
  const next = region.getByRole('button', { name: 'Diapositive suivante' });
  const previous = region.getByRole('button', { name: 'Diapositive précédente' });
  await next.click();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 sur 5');
  await page.mouse.move(0, 0);
  await page.clock.runFor(15_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 sur 5');
  await previous.click();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '5 sur 5');
  await page.keyboard.press('ArrowRight');
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 sur 5');
  await page.keyboard.press('ArrowLeft');
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '5 sur 5');
  const third = region.getByRole('button', { name: /^Diapositive 3 :/ });
  await third.click();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '3 sur 5');
  await expect(third).toHaveAttribute('aria-current', 'true');
  await expect(currentSlide(page).getByRole('heading', { level: 3 })).toHaveText('L’envoi par email');
});

test('the carousel never turns by itself for a visitor who prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  const region = carousel(page);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 sur 5');
  // Once the page runs (and its effects have read the preference), a long wait: nothing moves.
  await waitForHydration(page);
  await page.clock.runFor(30_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '1 sur 5');
  await expect(region.getByRole('button', { name: /^Lecture/ })).toBeVisible();
  await expect(region.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  // The buttons still work.
  await region.getByRole('button', { name: 'Diapositive suivante' }).click();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', '2 sur 5');
});

test('pricing shows the four plans, and /#tarifs scrolls to them', async ({ page }) => {
  await page.goto('/#tarifs');
  const pricing = page.locator('#tarifs');
  await expect(pricing).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  for (const name of ['Essai gratuit', 'Gratuit', 'Premium', 'Business']) {
    await expect(pricing.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
  }
  await expect(pricing.getByRole('article')).toHaveCount(4);
  await expect(pricing.getByRole('article', { name: 'Premium' })).toContainText(/9,99\s€/);
  await expect(pricing.getByRole('article', { name: 'Business' })).toContainText(/19,99\s€/);
  await expect(pricing.getByRole('article', { name: 'Premium' })).toContainText('Recommandé');
  await expect(pricing).toContainText(
    "votre compte passe automatiquement au plan gratuit : rien n'est supprimé",
  );
  for (const link of await pricing.getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', '/register');
  }

  // From another page, the header's Tarifs link comes back to the same place (in the running app, so the
  // links are the router's rather than a first load of the prerendered page).
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Tarifs' })
    .click();
  await expect(page).toHaveURL(/\/#tarifs$/);
  await expect(page.locator('#tarifs')).toBeInViewport();
});

test('the landing page takes over its prerendered HTML cleanly and passes axe on a wide screen', async ({
  page,
}) => {
  // A render that differs between build time and the browser shows up here as a hydration error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The carousel starting is the sign the page is hydrated and its effects have run.
  await expect(carousel(page).getByRole('button', { name: /^Pause/ })).toBeVisible();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu works with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expectAccessible(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    for (let tabs = 0; tabs < 5 && !(await menu.evaluate((el) => el === document.activeElement)); tabs++) {
      await page.keyboard.press('Tab');
    }
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Navigation mobile' });
    await expect(nav).toBeVisible();
    await expectAccessible(page);
    for (const name of [
      'Fonctionnalités',
      'Tarifs',
      'FAQ',
      'Blog',
      'Contact',
      'Se connecter',
      'Créer un compte',
    ]) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
    }

    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('nothing overflows a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('a signed-in user visiting / lands on /factures', async ({ page, request }) => {
  const account = await confirmedProfessional(request, 'accueil');
  await signIn(page, account.email, account.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/factures$/);
});
