import {
  INVITATION_MESSAGES,
  type Invitation,
  type InvitationAcceptResponse,
  type Invoice,
  PASSWORD_POLICY_MESSAGE,
  type Quote,
  type User,
} from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { clientWithInvoice, STRONG_PASSWORD, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, waitForMail } from '../../test/outbox.js';
import { call, createQuote, issuer, newClient } from '../quotes/quote-test-kit.js';
import { insertUser } from '../users/users.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

const read = (token: string | null) =>
  t.request({ method: 'POST', url: '/api/invitations/read', body: { token } });
const accept = (token: string | null, values: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/invitations/accept',
    body: { token, prenom: 'Inès', nom: 'Durand-Lefèvre', password: STRONG_PASSWORD, ...values },
  });

/**
 * An invoice of 100 € sent on the platform to an account the older flow created without a password (new
 * addresses get the invoice's signed link instead); the token of its invitation e-mail.
 */
async function invitedByInvoice() {
  const sender = await signedInUser(t, { prenom: 'Paul', nom: 'Martin' });
  const { client, invoice } = await clientWithInvoice(t, sender.token);
  const invited = await insertUser(t.database.db, {
    email: client.email,
    passwordHash: null,
    nom: client.nom,
    prenom: '',
    role: 'particulier',
    plan: 'gratuit',
  });
  if (!invited) throw new Error('invité non créé');
  const sent = await t.request({
    method: 'POST',
    url: `/api/factures/${invoice._id}/send-internal`,
    token: sender.token,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await waitForMail(t.outboxDir, client.email, `Vous avez reçu la facture ${invoice.numero}`);
  const link = linkIn(mail, '/invitation?token=');
  expect(link.startsWith(`${t.config.appUrl}/invitation?token=`)).toBe(true);
  // The amount and due date stated, and nothing about a password the reader never had.
  expect(mail.text).toContain('Montant TTC : 100,00');
  expect(mail.text).toContain(`au plus tard le ${invoice.dateEcheance.split('-').reverse().join('/')}`);
  expect(mail.text).not.toMatch(/oublié/i);
  return { sender, client, invoice, token: new URL(link).searchParams.get('token') };
}

describe('the invitation of a particulier (issue 17)', () => {
  it('says who sent which invoice, then stores the names, signs in and points to the invoice', async () => {
    const { client, invoice, token } = await invitedByInvoice();

    const shown = await read(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<Invitation>()).toEqual({
      email: client.email,
      emetteur: 'Paul Martin',
      document: { kind: 'facture', libelle: 'Facture', numero: invoice.numero, montantTTC: 100 },
    });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<InvitationAcceptResponse>();
    expect(session.document).toEqual({ kind: 'facture', id: invoice._id });
    expect(session.user).toMatchObject({
      email: client.email,
      prenom: 'Inès',
      nom: 'Durand-Lefèvre',
      role: 'particulier',
      emailVerified: true,
    });

    // The session works at once, and the invoice is theirs to read.
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: session.token });
    expect(me.json<User>()).toMatchObject({ prenom: 'Inès', nom: 'Durand-Lefèvre' });
    const shownInvoice = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: session.token,
    });
    expect(shownInvoice.statusCode).toBe(200);
    expect(shownInvoice.json<Invoice>()).toMatchObject({ numero: invoice.numero, role: 'destinataire' });

    // The password chosen is the account's: signing in later works.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: client.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);

    // Used: the link says so, with nothing about the document, and cannot be used again.
    for (const again of [await read(token), await accept(token)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ errorType: 'invitation_used', message: INVITATION_MESSAGES.used });
    }
  });

  it('shows a quote the same way, and lands on it', async () => {
    const seller = await issuer(t, { prenom: 'Nora', nom: 'Benali' });
    const email = uniqueEmail('prospect');
    // Invited by the older flow; a new address gets the quote's signed link instead (quote-link.test.ts).
    await insertUser(t.database.db, {
      email,
      passwordHash: null,
      nom: 'Prospect',
      prenom: '',
      role: 'particulier',
      plan: 'gratuit',
    });
    const client = await newClient(t, seller.token, { email });
    const quote: Quote = await createQuote(t, seller.token, client._id);
    const sent = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await waitForMail(t.outboxDir, email, `le devis ${quote.numero}`);
    const token = new URL(linkIn(mail, '/invitation?token=')).searchParams.get('token');

    expect((await read(token)).json<Invitation>()).toEqual({
      email,
      emetteur: 'Nora Benali',
      document: { kind: 'devis', libelle: 'Devis', numero: quote.numero, montantTTC: quote.montantTTC },
    });
    const accepted = await accept(token, { prenom: 'Léa', nom: 'Roux' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<InvitationAcceptResponse>().document).toEqual({ kind: 'devis', id: quote._id });
    const shown = await call(
      t,
      accepted.json<InvitationAcceptResponse>().token,
      'GET',
      `/devis/${quote._id}`,
    );
    expect(shown.statusCode).toBe(200);
  });

  it('keeps the earlier links: the first invitation and the old reset page both still work', async () => {
    const { sender, invoice, token: first } = await invitedByInvoice();
    const again = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: sender.token,
    });
    expect(again.json()).toMatchObject({ invitationEnvoyee: true });
    // The first link, though a second one went out, still opens the invitation.
    expect((await read(first)).statusCode).toBe(200);
    // A link sent before /invitation existed is the same token, still accepted by the reset confirmation.
    const viaReset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token: first, newPassword: STRONG_PASSWORD },
    });
    expect(viaReset.statusCode, viaReset.body).toBe(200);
    expect((await read(first)).json()).toMatchObject({ errorType: 'invitation_used' });
  });

  it('refuses a weak password with every broken rule, and keeps the link', async () => {
    const { token } = await invitedByInvoice();
    const weak = await accept(token, { password: 'court' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      errorType: 'validation_error',
      message: PASSWORD_POLICY_MESSAGE,
      errors: expect.arrayContaining([expect.any(String)]),
    });
    const noName = await accept(token, { prenom: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ errorType: 'validation_error' });
    expect((await read(token)).statusCode).toBe(200);
  });

  it('answers an unknown or expired link in French, with nothing about the document', async () => {
    for (const unknown of [await read('inconnu'), await accept('inconnu')]) {
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        errorType: 'invitation_not_found',
        message: INVITATION_MESSAGES.unknown,
      });
    }
    const missing = await read(null);
    expect(missing.statusCode).toBe(400);

    const { token } = await invitedByInvoice();
    t.clock.advance(7 * DAY_MS + 60_000);
    for (const expired of [await read(token), await accept(token)]) {
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({
        errorType: 'invitation_expired',
        message: INVITATION_MESSAGES.expired,
      });
    }
  });

  it('is no way into an account that has a password: a reset link is not an invitation', async () => {
    const { user } = await signedInUser(t);
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(t.outboxDir, user.email, 'Réinitialisation');
    const token = new URL(linkIn(mail, '/reset-password-confirm')).searchParams.get('token');
    expect((await read(token)).json()).toEqual({
      errorType: 'invitation_used',
      message: INVITATION_MESSAGES.used,
    });
    expect((await accept(token)).statusCode).toBe(409);
  });
});
