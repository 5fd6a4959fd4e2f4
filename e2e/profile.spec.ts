import { crc32, deflateSync } from 'node:zlib';
import {
  FRANCHISE_EXPLANATIONS,
  frenchVatNumber,
  IBAN_MESSAGE,
  LOGO_MESSAGES,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
} from '@facturo/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A real PNG of `size` × `size` pixels of one colour, written here so the test needs no fixture file. */
function pngSquare(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from([r, g, b]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

test('a professional fills Mon entreprise, the payment details and the look of the invoices', async ({
  page,
  request,
}) => {
  test.slow();
  const account = await confirmedProfessional(request, 'profil');
  const ownVatNumber = frenchVatNumber(account.siret.slice(0, 9));
  await signIn(page, account.email, account.password);

  // Reached from the sidebar, not only through the settings button.
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Mon profil' }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mon profil' })).toHaveAttribute('aria-current', 'page');

  // --- Mon entreprise: the franchise by default, and its gauge for a new account.
  const company = region(page, 'Mon entreprise');
  await expect(company.getByLabel('Prénom')).toHaveValue(account.prenom);
  await expect(company.getByRole('radio', { name: 'Franchise en base de TVA' })).toBeChecked();
  const gauge = company.getByRole('progressbar');
  await expect(gauge).toHaveAttribute('aria-valuenow', '0');
  await expect(company).toContainText('sur un seuil de 37 500,00 €');
  await expect(company).toContainText('Source : CGI art. 293 B');
  await expect(company).toContainText(FRANCHISE_EXPLANATIONS.ok);
  await expectAccessible(page);

  await company.getByLabel('Adresse', { exact: true }).fill('8 avenue Foch');
  await company.getByLabel('Code postal').fill('13001');
  await company.getByLabel('Ville').fill('Marseille');

  // Leaving the franchise asks for a VAT number, checked as it is typed, with the server's sentences.
  await expect(company.getByLabel("Option pour le paiement de la taxe d'après les débits")).toHaveCount(0);
  await company.getByRole('radio', { name: 'Assujetti à la TVA' }).check();
  const vatNumber = company.getByLabel('N° de TVA intracommunautaire');
  await vatNumber.fill('FR12');
  await vatNumber.blur();
  await expect(company.getByText(VAT_NUMBER_MESSAGE)).toBeVisible();
  await vatNumber.fill('FR40303265045');
  await expect(company.getByText(VAT_NUMBER_SIREN_MESSAGE)).toBeVisible();
  await expect(vatNumber).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await vatNumber.fill(ownVatNumber);
  await expect(company.getByText(VAT_NUMBER_SIREN_MESSAGE)).toHaveCount(0);
  await company.getByLabel("Option pour le paiement de la taxe d'après les débits").check();

  await company.getByLabel('RCS ou RM').fill('RCS Marseille');
  await company.getByLabel('Dispensé d’immatriculation').check();
  await expect(company.getByLabel('RCS ou RM')).toHaveCount(0);
  await company.getByLabel('Assureur').fill('MAAF Assurances, 79036 Niort');
  await company.getByLabel('Couverture').fill('RC Pro, France entière');
  await company.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Informations enregistrées')).toBeVisible();
  // Charging VAT now, the gauge is only informative.
  await expect(company).toContainText('Vous facturez déjà la TVA');

  // --- Paiement: the checksum refuses a wrong IBAN on its field; a right one is shown by 4.
  await page
    .getByRole('navigation', { name: 'Sections du profil' })
    .getByRole('link', { name: 'Paiement' })
    .click();
  await expect(page).toHaveURL(/\/profil#paiement$/);
  const payment = region(page, 'Paiement');
  const iban = payment.getByLabel('IBAN');
  await iban.fill('FR76 3000 6000 0112 3456 7890 180');
  await payment.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(payment.getByText(IBAN_MESSAGE)).toBeVisible();
  await expect(iban).toBeFocused();
  await expectAccessible(page);
  await iban.fill('fr7630006000011234567890189');
  await iban.blur();
  await expect(iban).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
  await payment.getByLabel('BIC').fill('bnpafrppxxx');
  await payment.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Coordonnées bancaires enregistrées')).toBeVisible();
  await expect(payment.getByLabel('BIC')).toHaveValue('BNPAFRPPXXX');

  // --- Apparence: a file that is no image is refused here, one of too many pixels by the server; a PNG is
  // sent, then shown.
  const look = region(page, 'Apparence des factures');
  await expect(look.getByText('Aucun logo')).toBeVisible();
  await look.getByLabel('Ajouter un logo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('pas une image'),
  });
  await expect(look.getByRole('alert')).toHaveText(LOGO_MESSAGES.unsupported);
  // A PNG of 73 Ko but 5001 × 5001 pixels: the server says it is too large, with the limit — not damaged.
  await look.getByLabel('Ajouter un logo').setInputFiles({
    name: 'affiche.png',
    mimeType: 'image/png',
    buffer: pngSquare(5001, [14, 116, 144]),
  });
  await expect(look.getByRole('alert')).toHaveText(LOGO_MESSAGES.tooManyPixels);
  await expect(look.getByRole('alert')).toContainText(
    'Le logo est trop grand : 25 millions de pixels au maximum',
  );
  await expect(look.getByText('Aucun logo')).toBeVisible();
  await look.getByLabel('Ajouter un logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngSquare(48, [14, 116, 144]),
  });
  await expect(page.getByText('Logo enregistré')).toBeVisible();
  const logo = look.getByRole('img', { name: 'Votre logo' });
  await expect(logo).toBeVisible();
  // Drawn from the bytes fetched with the token (no blob: image under the CSP): sized once decoded.
  await expect.poll(() => logo.evaluate((canvas: HTMLCanvasElement) => canvas.style.width)).toBe('48px');

  await look.getByLabel('Couleur d’accent').fill('#0e7490');
  await look.getByRole('button', { name: 'Enregistrer la couleur' }).click();
  await expect(page.getByText('Couleur enregistrée')).toBeVisible();
  await expect(look.getByLabel('Nuancier')).toHaveValue('#0e7490');
  await expectAccessible(page);

  // --- Everything survives a reload; /mentions-legales (SPEC §2) is the same page.
  await page.goto('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mon profil' })).toHaveAttribute('aria-current', 'page');
  await expect(company.getByLabel('Ville')).toHaveValue('Marseille');
  await expect(company.getByRole('radio', { name: 'Assujetti à la TVA' })).toBeChecked();
  await expect(company.getByLabel('N° de TVA intracommunautaire')).toHaveValue(ownVatNumber);
  await expect(company.getByLabel("Option pour le paiement de la taxe d'après les débits")).toBeChecked();
  await expect(company.getByLabel('Dispensé d’immatriculation')).toBeChecked();
  await expect(company.getByLabel('Couverture')).toHaveValue('RC Pro, France entière');
  await expect(payment.getByLabel('IBAN')).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
  await expect(look.getByLabel('Couleur d’accent')).toHaveValue('#0E7490');
  await expect(look.getByRole('img', { name: 'Votre logo' })).toBeVisible();
  const mentions = region(page, 'Mentions légales');
  await expect(mentions).toContainText('Vous êtes assujetti à la TVA');
  await expect(mentions).toContainText(ownVatNumber);

  // --- The logo goes after a confirmation.
  await look.getByRole('button', { name: 'Supprimer le logo' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer le logo ?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toBeHidden();
  await expect(look.getByText('Aucun logo')).toBeVisible();
  await expect(look.getByRole('img', { name: 'Votre logo' })).toHaveCount(0);
});

test('the franchise gauge warns from 80 % of the threshold, then says it is crossed', async ({
  page,
  request,
}) => {
  const account = await confirmedProfessional(request, 'profil-seuil');
  const headers = { Authorization: `Bearer ${await apiToken(request, account.email, account.password)}` };
  const profile = await request.put('/api/users/me', {
    headers,
    data: { adresse: '3 rue Neuve', codePostal: '69001', ville: 'Lyon' },
  });
  expect(profile.status()).toBe(200);
  const client = await request.post('/api/clients', {
    headers,
    data: {
      nom: 'Grand Compte SA',
      email: newEmail('grand-compte'),
      type: 'entreprise',
      // A French business's invoice needs its SIREN (and the buyer's address).
      siret: '73282932000074',
      adresse: { rue: '1 place Bellecour', codePostal: '69002', ville: 'Lyon' },
    },
  });
  expect(client.status()).toBe(201);
  const invoice = async (prixUnitaire: number) => {
    const res = await request.post('/api/factures', {
      headers,
      data: {
        client: (await client.json())._id,
        delaiPaiement: 30,
        lignes: [{ description: 'Mission de conseil', quantite: 1, prixUnitaire }],
      },
    });
    expect(res.status()).toBe(201);
    // Only issued invoices count towards the threshold (DESIGN §5): this one is marked sent.
    const sent = await request.put(`/api/factures/${(await res.json())._id}/statut-emetteur`, {
      headers,
      data: { statutEmetteur: 'envoyee' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  };

  await invoice(31_000);
  await signIn(page, account.email, account.password);
  await page.goto('/profil');
  const company = region(page, 'Mon entreprise');
  await expect(company.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '82');
  await expect(company).toContainText('31 000,00 € HT sur un seuil de 37 500,00 € (82 %)');
  await expect(company).toContainText(FRANCHISE_EXPLANATIONS.alerte);
  await expectAccessible(page);

  await invoice(8_000);
  await page.reload();
  await expect(company.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(company).toContainText('(104 %)');
  await expect(company).toContainText(FRANCHISE_EXPLANATIONS.depasse);
  await expectAccessible(page);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the profile fits the screen and its menu entry leads there', async ({ page, request }) => {
    const account = await confirmedProfessional(request, 'profil-mobile');
    await signIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .filter({ visible: true })
      .getByRole('link', { name: 'Mon profil' })
      .click();
    await expect(page).toHaveURL(/\/profil$/);
    await expect(region(page, 'Mon entreprise').getByRole('progressbar')).toBeVisible();
    await expect(region(page, 'Apparence des factures').getByLabel('Ajouter un logo')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
