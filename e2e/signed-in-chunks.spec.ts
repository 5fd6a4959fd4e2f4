import { CONTACT_SUBJECT_LABELS } from '@facturo/shared/public-forms';
import { UPCOMING_FEATURE_PATHS } from '@facturo/shared/public-pages';
import type { Browser, BrowserContext, Page, Response } from '@playwright/test';
import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expect, test } from './support/test.js';

/*
 * The public site's contact and waitlist forms have their own code (@facturo/shared/public-forms and
 * features/public/forms); a signed-in page downloads none of it. It came back once through a barrel: the
 * package's index re-exported the forms' schemas, and the chunk that held them also held zod, so that every
 * signed-in page loaded 33 KB (gzip) of the public forms. Chunk names change with the build, so the test
 * reads what each JavaScript file contains: texts of the forms' schemas that nothing else has.
 */
const CONTACT_MARKERS = [CONTACT_SUBJECT_LABELS.question, CONTACT_SUBJECT_LABELS.abonnement];
/** The waitlist schema's own message for a feature it does not know. */
const WAITLIST_MARKER = 'Fonctionnalité inconnue';
const MARKERS = [...CONTACT_MARKERS, WAITLIST_MARKER];

const UNREADABLE = 'illisible :';

const isScript = (response: Response) => /^\/assets\/.+\.js$/.test(new URL(response.url()).pathname);

/** Every script the page downloads from now on, with its text. */
function scriptsOf(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (!isScript(response)) return;
    // A body that cannot be read is reported as such, never taken as clean.
    const text = response.text().catch((error: unknown) => `${UNREADABLE} ${String(error)}`);
    scripts.set(new URL(response.url()).pathname, text);
  });
  return scripts;
}

/** The scripts, by path, that contain one of the public forms' texts. */
async function publicFormsScripts(scripts: Map<string, Promise<string>>): Promise<string[]> {
  const found: string[] = [];
  for (const [path, text] of scripts) {
    const body = await text;
    if (body.startsWith(UNREADABLE)) found.push(`${path} (${body})`);
    else if (MARKERS.some((marker) => body.includes(marker))) found.push(path);
  }
  return found;
}

/**
 * A first visit of `path` signed in (a fresh context: an empty cache, so every script the page needs is
 * downloaded), until `shown` is on screen; the scripts it downloaded.
 */
async function firstVisit(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  path: string,
  shown: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(path);
    await shown(page);
    await page.waitForLoadState('load');
    expect(scripts.size, `${path} : aucun script téléchargé`).toBeGreaterThan(0);
    return publicFormsScripts(scripts);
  } finally {
    await context.close();
  }
}

test('signed in, /factures, the dashboard and an invoice download none of the public forms’ code', async ({
  page,
  request,
  browser,
}) => {
  const pro = await confirmedProfessional(request, 'morceaux');
  const headers = await apiHeaders(request, pro.email, pro.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email: 'atelier@exemple.fr', adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  const created = await request.post('/api/factures', {
    headers,
    data: {
      client: ((await client.json()) as { _id: string })._id,
      delaiPaiement: 30,
      objet: 'Refonte du site vitrine',
      lignes: [{ description: 'Maquettes', quantite: 3, prixUnitaire: 100 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { _id: string; numero: string };

  await signIn(page, pro.email, pro.password);
  const session = await page.context().storageState();

  const list = await firstVisit(browser, session, '/factures', (p) =>
    expect(p.locator(`a[href="/factures/${invoice._id}"]`)).toBeVisible(),
  );
  expect(list, 'scripts des formulaires publics sur /factures').toEqual([]);

  const dashboard = await firstVisit(browser, session, '/tableau-de-bord', (p) =>
    expect(p.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible(),
  );
  expect(dashboard, 'scripts des formulaires publics sur /tableau-de-bord').toEqual([]);

  const detail = await firstVisit(browser, session, `/factures/${invoice._id}`, (p) =>
    expect(p.getByTestId('life-badge').first()).toBeVisible(),
  );
  expect(detail, 'scripts des formulaires publics sur une facture').toEqual([]);
});

test('signed out, the contact and waitlist pages do download the forms’ code the check looks for', async ({
  page,
}) => {
  // Without this, the texts looked for could leave the forms' code and the test above pass for nothing.
  const scripts = scriptsOf(page);
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeVisible();
  await expect
    .poll(async () => {
      const bodies = await Promise.all(scripts.values());
      return CONTACT_MARKERS.every((marker) => bodies.some((body) => body.includes(marker)));
    })
    .toBe(true);

  scripts.clear();
  await page.goto(UPCOMING_FEATURE_PATHS['facturation-electronique']);
  await expect
    .poll(async () => (await Promise.all(scripts.values())).some((body) => body.includes(WAITLIST_MARKER)))
    .toBe(true);
});
