import { randomUUID } from 'node:crypto';
import { MESSAGES_PAGE_DEFAULT, MESSAGING_MESSAGES, rateLimitedMessage } from '@facturo/shared';
import type { Browser, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, signIn, updateProfile } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { SEEDED, SEEDED_PASSWORD } from './support/env.js';
import { followNavLink } from './support/navigation.js';
import { issueInvoiceTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

/*
 * The messaging area of issue 14 against the real server: a user and support (the seeded admin), each in
 * their own browser, exchange messages live — ticks, badges and the list change without a reload — at
 * 1280 px (list and chat side by side) and 375 px (list, then chat), with axe at each stage.
 */

// Support is one shared account: a journey's admin opening the newest conversation would read another's.
test.describe.configure({ mode: 'default' });

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 900, mobile: false },
  { name: '375 px', width: 375, height: 740, mobile: true },
] as const;

/** A name nobody else in the run carries, so support finds this user's conversation and no other. */
const uniqueName = () =>
  `Messagerie${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

async function openContext(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  return context.newPage();
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Votre message' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Envoyer', exact: true });
const bubbles = (page: Page) =>
  page.getByRole('list', { name: 'Messages', exact: true }).getByRole('listitem');
const bubble = (page: Page, text: string) => bubbles(page).filter({ hasText: text });

/** The unread count where each layout shows it: the sidebar's Messages entry, or the mobile menu button. */
async function expectUnread(page: Page, mobile: boolean, count: number | 'some') {
  // Not preceded by another digit: « 1 message non lu » must not match « 11 messages non lus ».
  const sentence =
    count === 'some'
      ? /messages? non lus?/
      : new RegExp(`(?<!\\d)${count} ${count === 1 ? 'message non lu' : 'messages non lus'}(?!s)`);
  if (mobile) {
    const button = page.getByRole('banner').getByRole('button', { name: /Ouvrir le menu/ });
    if (count === 0) await expect(button).toHaveAccessibleName('Ouvrir le menu');
    else await expect(button).toHaveAccessibleName(sentence);
    return;
  }
  const link = page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: /^Messages/ });
  if (count === 0) await expect(link).toHaveAccessibleName('Messages');
  else await expect(link).toHaveAccessibleName(sentence);
}

/** Through the navigation, as a user would (the mobile menu opens first). */
async function goToMessages(page: Page, mobile: boolean) {
  await followNavLink(page, /^Messages/, mobile);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
}

async function goToInvoices(page: Page, mobile: boolean) {
  await followNavLink(page, 'Toutes les factures', mobile);
  await expect(page).toHaveURL(/\/factures$/);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test('a user and support exchange messages live: ticks, badges and the list follow without a reload', async ({
      browser,
      request,
    }) => {
      test.slow();
      const { mobile } = viewport;
      const account = await confirmedProfessional(request, 'messagerie');
      const nom = uniqueName();
      await updateProfile(request, await apiHeaders(request, account.email, account.password), { nom });
      const tag = randomUUID().slice(0, 8);

      // --- The user opens support with « Nouveau »; nothing can be sent blank.
      const user = await openContext(browser, viewport);
      await signIn(user, account.email, account.password);
      await expectUnread(user, mobile, 0);
      await goToMessages(user, mobile);
      await expect(user.getByText('Aucune conversation. Écrivez au support avec « Nouveau ».')).toBeVisible();
      await expectAccessible(user);
      // SPEC §8: a support conversation that cannot be opened says so; trying again works.
      await user.route('**/api/conversations/create-support', (route) => route.abort('failed'));
      await user.getByRole('button', { name: 'Nouveau' }).click();
      await expect(
        user.getByRole('alert').filter({ hasText: MESSAGING_MESSAGES.createFailed }),
      ).toBeVisible();
      await user.unroute('**/api/conversations/create-support');
      await user.getByRole('button', { name: 'Nouveau' }).click();
      await expect(user).toHaveURL(/\/messages\?c=/);
      await expect(user.getByRole('alert')).toHaveCount(0);
      await expect(user.getByRole('heading', { level: 2, name: 'Support Facturo' })).toBeVisible();
      await expect(sendButton(user)).toBeDisabled();
      await composer(user).fill('   ');
      await expect(sendButton(user)).toBeDisabled();

      // Shift+Enter adds a line, Enter sends; the field grows between 40 and 120 px.
      await composer(user).fill('');
      const oneLine = (await composer(user).boundingBox())?.height ?? 0;
      expect(oneLine).toBeGreaterThanOrEqual(40);
      await composer(user).pressSequentially('Bonjour,');
      await composer(user).press('Shift+Enter');
      await composer(user).pressSequentially(`une question sur ma facture ${tag}`);
      await expect(composer(user)).toHaveValue(`Bonjour,\nune question sur ma facture ${tag}`);
      expect((await composer(user).boundingBox())?.height ?? 0).toBeGreaterThan(oneLine);
      await composer(user).press('Enter');
      await expect(composer(user)).toHaveValue('');
      const first = bubble(user, `une question sur ma facture ${tag}`);
      await expect(first.getByTestId('message-contenu')).toHaveText(
        `Bonjour,\nune question sur ma facture ${tag}`,
      );
      await expect(first.getByRole('img', { name: 'Envoyé' })).toBeVisible();
      await composer(user).fill(Array.from({ length: 12 }, (_, i) => `ligne ${i}`).join('\n'));
      expect((await composer(user).boundingBox())?.height ?? 0).toBeLessThanOrEqual(121);
      await composer(user).fill('');
      await expectAccessible(user);

      // --- Support sees it: the badge, then the conversation with the user's name and plan.
      const admin = await openContext(browser, viewport);
      await signIn(admin, SEEDED.admin.email, SEEDED_PASSWORD);
      await expectUnread(admin, mobile, 'some');
      await goToMessages(admin, mobile);
      const list = admin.getByRole('list', { name: 'Liste des conversations' });
      const row = list.getByRole('link', { name: new RegExp(nom) });
      const heading = admin.getByRole('heading', { level: 2, name: `Camille ${nom}` });
      // Nothing opens by itself: opening reads, and « Vu » belongs to a person who chose the conversation.
      const threadReads: string[] = [];
      admin.on('request', (r) => {
        if (r.method() === 'GET' && /\/api\/conversations\/[^/]+\/messages/.test(r.url()))
          threadReads.push(r.url());
      });
      await admin.getByRole('searchbox', { name: 'Rechercher une conversation' }).fill(nom);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(row).toContainText('1 message non lu');
      await expect(row).toContainText('Essai');
      await expect(row).toContainText(`une question sur ma facture ${tag}`);
      if (!mobile) {
        await expect(
          admin.getByRole('heading', { level: 2, name: 'Choisissez une conversation' }),
        ).toBeVisible();
      }
      expect(threadReads).toEqual([]);
      await expect(first.getByRole('img', { name: 'Envoyé' })).toBeVisible();
      await row.click();
      await expect(heading).toBeVisible();
      await expect(admin.getByText('Plan Essai', { exact: true })).toBeVisible();
      await expect(
        bubble(admin, `une question sur ma facture ${tag}`).getByTestId('message-contenu'),
      ).toHaveText(`Bonjour,\nune question sur ma facture ${tag}`);
      // Read: its badge goes (on a phone the list is behind the chat).
      if (!mobile) await expect(row).not.toContainText('non lu');
      await expectAccessible(admin);

      // The user's message gets its second tick, without a reload.
      await expect(first.getByRole('img', { name: 'Vu' })).toBeVisible();

      // --- Support answers while the user is elsewhere: the user's badge counts it.
      await goToInvoices(user, mobile);
      await composer(admin).fill(`Bonjour Camille, nous regardons ${tag}.`);
      await sendButton(admin).click();
      const answer = bubble(admin, `nous regardons ${tag}`);
      await expect(answer.getByRole('img', { name: 'Envoyé' })).toBeVisible();
      await expectUnread(user, mobile, 1);
      await expectAccessible(user);

      // The user opens it: read, the badge goes.
      await goToMessages(user, mobile);
      const userRow = user.getByRole('list', { name: 'Liste des conversations' }).getByRole('link');
      await expect(userRow).toContainText('1 message non lu');
      await expect(answer.getByRole('img', { name: 'Envoyé' })).toBeVisible();
      await userRow.click();
      const received = bubble(user, `nous regardons ${tag}`);
      await expect(received).toContainText('Ada · Support Facturo');
      await expect(received).not.toContainText('@');
      await expectUnread(user, mobile, 0);
      await expect(answer.getByRole('img', { name: 'Vu' })).toBeVisible();

      // --- A new message reaches support's open chat live, and is announced to screen readers.
      await composer(user).fill(`Merci ! ${tag}`);
      await composer(user).press('Enter');
      await expect(bubble(admin, `Merci ! ${tag}`)).toBeVisible();
      await expect(admin.getByRole('status').filter({ hasText: 'Nouveau message de' })).toHaveText(
        `Nouveau message de Camille ${nom} : Merci ! ${tag}`,
      );
      await expect(bubble(user, `Merci ! ${tag}`).getByRole('img', { name: 'Vu' })).toBeVisible();
      await expectAccessible(admin);

      // --- A send that fails gives the text back, with the reason.
      await user.route('**/api/conversations/*/messages', (route) =>
        route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
      );
      await composer(user).fill(`Perdu ? ${tag}`);
      await composer(user).press('Enter');
      await expect(user.getByRole('alert').filter({ hasText: MESSAGING_MESSAGES.sendFailed })).toBeVisible();
      await expect(composer(user)).toHaveValue(`Perdu ? ${tag}`);
      await user.unroute('**/api/conversations/*/messages');
      await expectAccessible(user);

      if (mobile) {
        // The chat gives the list back.
        await user.getByRole('link', { name: 'Retour aux conversations' }).click();
        await expect(user.getByRole('list', { name: 'Liste des conversations' })).toBeVisible();
        await expect(composer(user)).toHaveCount(0);
      }
      await user.context().close();
      await admin.context().close();
    });
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the two parties of an invoice sent on the platform talk about it from the invoice', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const issuer = await confirmedProfessional(request, 'emetteur-msg');
    const recipient = await confirmedProfessional(request, 'destinataire-msg');
    const recipientNom = uniqueName();
    await updateProfile(request, await apiHeaders(request, recipient.email, recipient.password), {
      nom: recipientNom,
    });
    const invoice = await issueInvoiceTo(request, issuer, recipient.email);

    await signIn(page, issuer.email, issuer.password);
    await page.goto(`/factures/${invoice._id}`);
    await page.getByRole('button', { name: 'Contacter le client' }).click();
    await expect(page).toHaveURL(/\/messages\?c=/);
    const conversationUrl = page.url();
    await expect(page.getByRole('heading', { level: 2, name: `Camille ${recipientNom}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Facture ${invoice.numero}`, exact: true })).toBeVisible();
    await composer(page).fill(`Votre facture ${invoice.numero} est disponible.`);
    await composer(page).press('Enter');
    await expectAccessible(page);

    // The recipient's « Contacter l'émetteur » opens the same conversation, with the message in it.
    const other = await openContext(browser, { width: 1280, height: 900 });
    await signIn(other, recipient.email, recipient.password);
    await expectUnread(other, false, 1);
    await other.goto(`/factures/${invoice._id}`);
    await other.getByRole('button', { name: "Contacter l'émetteur" }).click();
    await expect(other).toHaveURL(conversationUrl);
    await expect(bubble(other, `Votre facture ${invoice.numero} est disponible.`)).toBeVisible();
    await expectUnread(other, false, 0);
    await expect(
      bubble(page, `Votre facture ${invoice.numero} est disponible.`).getByRole('img', { name: 'Vu' }),
    ).toBeVisible();
    await expectAccessible(other);

    // The unread-messages e-mail can be turned off from the profile, and stays off.
    await other.goto('/profil');
    const optIn = other.getByRole('checkbox', { name: "M'avertir par e-mail des messages non lus" });
    await expect(optIn).toBeChecked();
    await optIn.uncheck();
    await expect(
      other.locator('[data-sonner-toast]').filter({ hasText: 'Préférence enregistrée' }),
    ).toBeVisible();
    await other.reload();
    await expect(optIn).not.toBeChecked();
    const me = await request.get('/api/users/me', {
      headers: await apiHeaders(request, recipient.email, recipient.password),
    });
    expect((await me.json()).notifierMessagesParEmail).toBe(false);
    await expectAccessible(other);
    await other.context().close();
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a long conversation opens on the newest messages, loads older ones on scroll up, and caps the badge at 9+', async ({
    page,
    request,
  }) => {
    test.slow();
    const account = await confirmedProfessional(request, 'long-fil');
    const headers = await apiHeaders(request, account.email, account.password);
    const support = await request.post('/api/conversations/create-support', { headers });
    expect(support.status(), await support.text()).toBe(200);
    const conversationId: string = (await support.json())._id;
    const total = MESSAGES_PAGE_DEFAULT + 5;
    for (let i = 1; i <= total; i += 1) {
      const res = await request.post(`/api/conversations/${conversationId}/messages`, {
        headers,
        data: { contenu: `Message numéro ${i}.` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    // Support answers twelve times: the user's badge shows « 9+ », and says the real count.
    const adminHeaders = await apiHeaders(request, SEEDED.admin.email, SEEDED_PASSWORD);
    for (let i = 1; i <= 12; i += 1) {
      const res = await request.post(`/api/conversations/${conversationId}/messages`, {
        headers: adminHeaders,
        data: { contenu: `Réponse ${i}.` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await signIn(page, account.email, account.password);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const entry = nav.getByRole('link', { name: /^Messages/ });
    await expect(entry).toHaveAccessibleName(/12 messages non lus/);
    await expect(entry).toContainText('9+');
    await entry.click();
    await page.getByRole('list', { name: 'Liste des conversations' }).getByRole('link').click();

    // The newest at the bottom, in view; the oldest not loaded yet.
    await expect(bubble(page, 'Réponse 12.')).toBeInViewport();
    await expect(bubble(page, 'Message numéro 1.')).toHaveCount(0);
    await expect(entry).toHaveAccessibleName('Messages');
    // Scrolled to the top, the page before comes in above, without jumping away from what was read.
    const region = page.getByRole('region', { name: 'Messages de la conversation' });
    await region.evaluate((box) => {
      box.scrollTop = 0;
    });
    await expect(bubble(page, 'Message numéro 1.')).toHaveCount(1);
    await expect(bubble(page, 'Message numéro 1.')).not.toBeInViewport();
    await expect(bubbles(page)).toHaveCount(total + 12);
    await expectAccessible(page);
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the list and the chat say when they load, when they fail (with « Réessayer ») and when they are empty; a refused send gives the server’s reason and the text back', async ({
      page,
      request,
    }) => {
      test.slow();
      const { mobile } = viewport;
      const account = await confirmedProfessional(request, 'etats-msg');
      await signIn(page, account.email, account.password);

      // The list loads (held until seen), fails twice (the query's one retry), then loads empty on « Réessayer ».
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/conversations', async (route) => {
        await held;
        await route.fulfill({
          status: 500,
          json: { errorType: 'internal_error', message: 'Erreur interne.' },
        });
      });
      await goToMessages(page, mobile);
      await expect(
        page.getByRole('status').filter({ hasText: 'Chargement des conversations...' }),
      ).toBeVisible();
      release();
      const listError = page
        .getByRole('alert')
        .filter({ hasText: 'Erreur lors du chargement des conversations.' });
      await expect(listError).toBeVisible();
      await expectAccessible(page);
      await page.unroute('**/api/conversations');
      await listError.getByRole('button', { name: 'Réessayer' }).click();
      await expect(page.getByText('Aucune conversation. Écrivez au support avec « Nouveau ».')).toBeVisible();
      await expect(listError).toHaveCount(0);

      // The chat's messages fail the same way, then load empty.
      const isThread = (url: URL) => /^\/api\/conversations\/[^/]+\/messages$/.test(url.pathname);
      await page.route(isThread, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 500, json: { errorType: 'internal_error', message: 'Erreur interne.' } })
          : route.fallback(),
      );
      await page.getByRole('button', { name: 'Nouveau' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Support Facturo' })).toBeVisible();
      const threadError = page
        .getByRole('alert')
        .filter({ hasText: 'Erreur lors du chargement des messages.' });
      await expect(threadError).toBeVisible();
      await expectAccessible(page);
      await page.unroute(isThread);
      await threadError.getByRole('button', { name: 'Réessayer' }).click();
      await expect(
        page.getByText("Aucun message pour l'instant. Écrivez le premier ci-dessous."),
      ).toBeVisible();

      // A send the server refuses (too fast): its own sentence with the wait, and the text is not lost.
      const wait = rateLimitedMessage(42);
      await page.route(isThread, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 429,
              headers: { 'retry-after': '42' },
              json: { errorType: 'rate_limited', message: wait },
            })
          : route.fallback(),
      );
      await composer(page).fill('Trop vite ?');
      await composer(page).press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: wait })).toBeVisible();
      await expect(composer(page)).toHaveValue('Trop vite ?');
      await expectAccessible(page);
      await page.unroute(isThread);
      await sendButton(page).click();
      await expect(bubble(page, 'Trop vite ?').getByRole('img', { name: 'Envoyé' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(composer(page)).toHaveValue('');
    });
  });
}

/** Puts the tab out of sight (or back), as switching tabs or minimising the window does. */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a message reaching a tab out of sight is counted but not « vu » until the tab is looked at; the answer by keyboard alone, kept as text', async ({
    page,
    request,
  }) => {
    test.slow();
    const issuer = await confirmedProfessional(request, 'emetteur-cache');
    const recipient = await confirmedProfessional(request, 'destinataire-cache');
    const invoice = await issueInvoiceTo(request, issuer, recipient.email);
    const issuerHeaders = await apiHeaders(request, issuer.email, issuer.password);
    const opened = await request.post(`/api/factures/${invoice._id}/conversation`, {
      headers: issuerHeaders,
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const conversationId: string = (await opened.json())._id;
    const issuerSees = async () => {
      const res = await request.get(`/api/conversations/${conversationId}/messages`, {
        headers: issuerHeaders,
      });
      return ((await res.json()) as { contenu: string; vu: boolean }[]).map((m) => [m.contenu, m.vu]);
    };

    // The recipient has the conversation open, then switches to another tab.
    await signIn(page, recipient.email, recipient.password);
    await goToMessages(page, false);
    await page.getByRole('list', { name: 'Liste des conversations' }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 2, name: /Camille/ })).toBeVisible();
    await expect(
      page.getByText("Aucun message pour l'instant. Écrivez le premier ci-dessous."),
    ).toBeVisible();
    await setTabHidden(page, true);

    const sent = await request.post(`/api/conversations/${conversationId}/messages`, {
      headers: issuerHeaders,
      data: { contenu: 'Avez-vous bien reçu la facture ?' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    // The stream brought it (the count is live), but nobody looked: one tick for the issuer.
    await expectUnread(page, false, 1);
    expect(await issuerSees()).toEqual([['Avez-vous bien reçu la facture ?', false]]);
    await expect(bubble(page, 'Avez-vous bien reçu la facture ?')).toHaveCount(0);

    // Back on the tab: the message shows, is read, and the count goes.
    await setTabHidden(page, false);
    await expect(bubble(page, 'Avez-vous bien reçu la facture ?')).toBeVisible();
    await expectUnread(page, false, 0);
    await expect.poll(issuerSees).toEqual([['Avez-vous bien reçu la facture ?', true]]);
    await expectAccessible(page);

    // Keyboard alone: from the search box to the conversation, Enter opens it, Tab reaches the input, Enter
    // sends. What looks like HTML stays text.
    await page.getByRole('searchbox', { name: 'Rechercher une conversation' }).focus();
    await page.keyboard.press('Tab');
    const link = page.getByRole('list', { name: 'Liste des conversations' }).getByRole('link');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/messages\\?c=${conversationId}$`));
    for (let presses = 0; presses < 10; presses += 1) {
      if (await composer(page).evaluate((field) => field === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(composer(page)).toBeFocused();
    await page.keyboard.type('Oui, <b>bien</b> reçue');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('merci.');
    await page.keyboard.press('Enter');
    const answer = bubble(page, 'bien</b> reçue');
    await expect(answer.getByTestId('message-contenu')).toHaveText('Oui, <b>bien</b> reçue\nmerci.');
    await expect(answer.locator('b')).toHaveCount(0);
    await expect(answer.getByRole('img', { name: 'Envoyé' })).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await expect(composer(page)).toHaveValue('');
  });
});
