import { DEFAULT_REMINDER_STEPS } from '@facturo/shared';
import type { Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { waitForMail } from './support/outbox.js';
import { expect, test } from './support/test.js';

/*
 * Issue 17: the reminder plan in the profile and a reminder reaching the client's mailbox from the
 * invoice's page. The automatic sweep at each step (the server's clock moved) is covered by the API
 * tests (apps/server/src/modules/reminders): the built server here runs on the system clock.
 */

const stepItem = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Relances', exact: true })
    .getByRole('listitem')
    .filter({ hasText: label });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the plan is set in the profile, then « Relancer maintenant » e-mails the client and shows in the history', async ({
      page,
      request,
    }) => {
      test.slow();
      const account = await confirmedProfessional(request, `relances-${viewport.width}`);
      const headers = await apiHeaders(request, account.email, account.password);
      const clientEmail = newEmail('relance-client');
      const client = await request.post('/api/clients', {
        headers,
        data: { nom: 'Atelier Lumière', email: clientEmail, adresse: CLIENT_ADDRESS },
      });
      expect(client.status()).toBe(201);
      const created = await request.post('/api/factures', {
        headers,
        data: {
          client: (await client.json())._id,
          delaiPaiement: 30,
          lignes: [{ description: 'Maquettes', quantite: 3, prixUnitaire: 100 }],
        },
      });
      expect(created.status()).toBe(201);
      const invoice: { _id: string; numero: string } = await created.json();
      const sent = await request.put(`/api/factures/${invoice._id}/statut-emetteur`, {
        headers,
        data: { statutEmetteur: 'envoyee' },
      });
      expect(sent.status()).toBe(200);

      await signIn(page, account.email, account.password);
      await page.goto('/profil#relances');
      const section = page.getByRole('region', { name: 'Relances', exact: true });
      await expect(section.getByLabel('Relancer automatiquement mes clients')).toBeChecked();
      await expect(section.getByRole('checkbox', { name: '15 jours après l’échéance' })).toBeChecked();
      await expectAccessible(page);

      // A step off, and the first step's subject rewritten: an unknown variable is refused in French.
      await section.getByRole('checkbox', { name: '15 jours après l’échéance' }).uncheck();
      const first = stepItem(page, '3 jours avant l’échéance');
      await first.getByText('Modifier le texte').click();
      const subject = first.getByLabel('Objet');
      await subject.fill('Petit rappel {numero} pour {nom}');
      await section.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        first.getByText('L’objet contient une variable inconnue : {nom}.', { exact: false }),
      ).toBeVisible();
      await subject.fill('Petit rappel {numero} pour {client}');
      await section.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Relances enregistrées')).toBeVisible();
      await expectAccessible(page);

      // Saved: read back after a reload.
      await page.reload();
      await expect(section.getByRole('checkbox', { name: '15 jours après l’échéance' })).not.toBeChecked();
      await expect(stepItem(page, '3 jours avant l’échéance').getByLabel('Objet')).toHaveValue(
        'Petit rappel {numero} pour {client}',
      );
      // « Rétablir les textes par défaut » puts the defaults back in the form, kept only once saved.
      await section.getByRole('button', { name: 'Rétablir les textes par défaut' }).click();
      await expect(stepItem(page, '3 jours avant l’échéance').getByLabel('Objet')).toHaveValue(
        DEFAULT_REMINDER_STEPS[0]?.objet ?? '',
      );
      await page.reload();
      await expect(stepItem(page, '3 jours avant l’échéance').getByLabel('Objet')).toHaveValue(
        'Petit rappel {numero} pour {client}',
      );

      await page.goto(`/factures/${invoice._id}`);
      const panel = page.getByRole('region', { name: 'Relances' });
      await expect(panel.getByText('Aucune relance envoyée pour l’instant.')).toBeVisible();
      await panel.getByRole('button', { name: 'Relancer maintenant' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Relancer maintenant ?' });
      await expect(dialog).toContainText(clientEmail);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Envoyer la relance' }).click();
      await expect(dialog).toBeHidden();
      await expect(panel.getByText('Relance manuelle')).toBeVisible();
      await expect(panel).toContainText(clientEmail);
      await expect(panel).toContainText('300,00');
      // Focus back on the button that opened the dialog.
      await expect(panel.getByRole('button', { name: 'Relancer maintenant' })).toBeFocused();
      await expectAccessible(page);

      const mail = await waitForMail(
        E2E_OUTBOX,
        clientEmail,
        `Petit rappel ${invoice.numero} pour Atelier Lumière`,
      );
      expect(mail.attachments).toEqual([`${invoice.numero}.pdf`]);
      expect(mail.replyTo).toContain(account.email);
      expect(mail.text).toContain('arrive à échéance le');
    });
  });
}
