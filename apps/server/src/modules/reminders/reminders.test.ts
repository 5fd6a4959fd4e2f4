import { DEFAULT_REMINDER_STEPS, type ReminderPlan } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice } from '../../test/invoice-requests.js';
import { waitForMail } from '../../test/outbox.js';
import { at, mailsQueuedTo, notificationsOf, sentInvoice, stepsOf, sweep } from './reminders-test-helpers.js';

/*
 * The reminder plan and its sweep, driven by the app's clock: an invoice issued on 2 March 2027, due on
 * 1 April 2027 (30 days), 1 000 € still due. Penalties: 3 × 2,62 % (the latest legal rate known) =
 * 7,86 % a year: 1 000 € × 7,86 % × 7 / 365 = 1,5074… € → 1,51 €.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
beforeEach(() => t.clock.set(at('2027-03-02')));

const plan = (token: string) => t.request({ method: 'GET', url: '/api/relances/plan', token });
const putPlan = (token: string, body: unknown) =>
  t.request({ method: 'PUT', url: '/api/relances/plan', token, body });
const defaults = () =>
  DEFAULT_REMINDER_STEPS.map(({ cle, actif, objet, corps }) => ({ cle, actif, objet, corps }));

describe('the reminder plan', () => {
  it('is the default plan until saved, then what was saved; each step and the whole plan on or off', async () => {
    const { token } = await signedInUser(t);
    const first = (await plan(token)).json<ReminderPlan>();
    expect(first.actif).toBe(true);
    expect(first.etapes.map((s) => [s.cle, s.decalageJours, s.actif])).toEqual([
      ['avant_3', -3, true],
      ['apres_1', 1, true],
      ['apres_7', 7, true],
      ['apres_15', 15, true],
    ]);
    const etapes = defaults().map((s) =>
      s.cle === 'apres_7'
        ? { ...s, actif: false, objet: 'Votre facture {numero} — {jours_retard} jours' }
        : s,
    );
    const saved = await putPlan(token, { actif: false, etapes: [...etapes].reverse() });
    expect(saved.statusCode).toBe(200);
    const again = (await plan(token)).json<ReminderPlan>();
    expect(again.actif).toBe(false);
    expect(again.etapes.map((s) => s.cle)).toEqual(['avant_3', 'apres_1', 'apres_7', 'apres_15']);
    expect(again.etapes[2]).toMatchObject({
      actif: false,
      objet: 'Votre facture {numero} — {jours_retard} jours',
    });
  });

  it('refuses an unknown variable, an empty text and a missing step with a French message', async () => {
    const { token } = await signedInUser(t);
    const unknown = defaults().map((s, i) =>
      i === 0 ? { ...s, corps: 'Bonjour {client}, payez {montant} !' } : s,
    );
    const res = await putPlan(token, { actif: true, etapes: unknown });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'validation_error' });
    expect(res.json().message).toContain('variable inconnue : {montant}');
    const empty = defaults().map((s, i) => (i === 1 ? { ...s, objet: '  ' } : s));
    expect((await putPlan(token, { actif: true, etapes: empty })).json().message).toBe(
      'L’objet ne peut pas être vide.',
    );
    const missing = await putPlan(token, { actif: true, etapes: defaults().slice(1) });
    expect(missing.json().message).toBe('Le plan compte exactement quatre étapes.');
    expect((await plan(token)).json<ReminderPlan>().etapes[0]?.corps).toBe(DEFAULT_REMINDER_STEPS[0]?.corps);
  });

  it('reads back as it was when what GET answered is PUT again', async () => {
    const { token } = await signedInUser(t);
    const read = (await plan(token)).json<ReminderPlan>();
    expect((await putPlan(token, read)).json()).toEqual(read);
    expect((await plan(token)).json()).toEqual(read);
  });

  it('is for professionals only', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await plan(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorType).toBe('requires_upgrade');
  });
});

describe('the sweep', () => {
  it('sends each step on its day, once, with the PDF, Reply-To the professional and the penalties', async () => {
    const s = await sentInvoice(t);
    const numero = s.invoice.numero;
    t.clock.set(at('2027-03-28'));
    expect(await sweep(t, [s.issuerId])).toBe(0);

    t.clock.set(at('2027-03-29'));
    expect(await sweep(t, [s.issuerId])).toBe(1);
    expect(await sweep(t, [s.issuerId])).toBe(0);
    const before = await waitForMail(
      t.outboxDir,
      s.clientEmail,
      `Rappel : la facture ${numero} arrive à échéance le 01/04/2027`,
    );
    expect(before.replyTo).toContain(s.issuerEmail);
    expect(before.attachments).toEqual([`${numero}.pdf`]);
    expect(before.text).toMatch(/1\s000,00\s€/);
    expect(before.text).not.toContain('pénalités');
    // A client without an account gets the invoice's signed link, which opens it without signing in.
    const link = /\/facture-en-ligne\/([\w.-]+)/.exec(before.text);
    expect(link, before.text).not.toBeNull();
    const online = await t.request({ method: 'GET', url: `/api/facture-en-ligne/${link?.[1]}` });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json<{ facture: { numero: string } }>().facture.numero).toBe(numero);
    // Signed with the professional's name, after the note on the attached PDF.
    expect(before.text).toMatch(/Vous trouverez ci-joint[^\n]*\n\nBien cordialement,\nClaire Martin\n/);

    t.clock.set(at('2027-04-02'));
    expect(await sweep(t, [s.issuerId])).toBe(1);
    const after1 = await waitForMail(t.outboxDir, s.clientEmail, `Facture ${numero} : échéance dépassée`);
    expect(after1.text).toMatch(/taux de 7,86\s%/);
    expect(after1.text).toMatch(/0,22\s€ à ce jour pour 1 jour de retard/);
    // A private client owes no recovery indemnity.
    expect(after1.text).not.toContain('indemnité forfaitaire');

    t.clock.set(at('2027-04-08'));
    expect(await sweep(t, [s.issuerId])).toBe(1);
    const after7 = await waitForMail(t.outboxDir, s.clientEmail, `Relance : facture ${numero} impayée`);
    expect(after7.text).toMatch(/1,51\s€ à ce jour pour 7 jours de retard/);
    expect(after7.text).toContain('(7 jours de retard)');

    t.clock.set(at('2027-04-16'));
    expect(await sweep(t, [s.issuerId])).toBe(1);
    const after15 = await waitForMail(t.outboxDir, s.clientEmail, `Dernière relance : facture ${numero}`);
    expect(after15.text).toMatch(/3,23\s€ à ce jour pour 15 jours de retard/);

    t.clock.set(at('2027-05-20'));
    expect(await sweep(t, [s.issuerId])).toBe(0);
    expect(await stepsOf(t, s.invoice._id)).toEqual(['avant_3', 'apres_1', 'apres_7', 'apres_15']);
    expect(await mailsQueuedTo(t, s.clientEmail)).toBe(4);
    expect(await notificationsOf(t, s.issuerId, 'relance_envoyee')).toEqual(
      Array(4).fill(`Relance envoyée à Jeanne Client pour la facture ${numero}`),
    );

    // Back to the session's days (it expires long before May) to read the history as the issuer.
    t.clock.set(at('2027-03-02'));
    const history = await t.request({
      method: 'GET',
      url: `/api/factures/${s.invoice._id}/relances`,
      token: s.token,
    });
    expect(
      history
        .json()
        .map((r: { etape: string; joursRetard: number; montantDu: number }) => [
          r.etape,
          r.joursRetard,
          r.montantDu,
        ]),
    ).toEqual([
      ['avant_3', -3, 1000],
      ['apres_1', 1, 1000],
      ['apres_7', 7, 1000],
      ['apres_15', 15, 1000],
    ]);
  });

  it('adds the €40 recovery indemnity for a business client', async () => {
    const s = await sentInvoice(t, { business: true });
    t.clock.set(at('2027-04-08'));
    expect(await sweep(t, [s.issuerId])).toBe(1);
    const mail = await waitForMail(t.outboxDir, s.clientEmail, `Relance : facture ${s.invoice.numero}`);
    expect(mail.text).toMatch(/1,51\s€ à ce jour/);
    expect(mail.text).toMatch(/indemnité forfaitaire pour frais de recouvrement de 40,00\s€/);
  });

  it('sends only the latest step that came while nothing ran, not every missed one', async () => {
    const s = await sentInvoice(t);
    t.clock.set(at('2027-04-21'));
    expect(await sweep(t, [s.issuerId])).toBe(1);
    expect(await sweep(t, [s.issuerId])).toBe(0);
    expect(await stepsOf(t, s.invoice._id)).toEqual(['apres_15']);
    // That last step then turned off: the earlier ones it stood for are not sent after it.
    t.clock.set(at('2027-03-02'));
    await putPlan(s.token, {
      actif: true,
      etapes: defaults().map((step) => (step.cle === 'apres_15' ? { ...step, actif: false } : step)),
    });
    t.clock.set(at('2027-04-22'));
    expect(await sweep(t, [s.issuerId])).toBe(0);
  });

  it('catches up a week at most: an invoice long past its last step is not reminded out of the blue', async () => {
    const s = await sentInvoice(t);
    // apres_15 came on 16 April: on the 23rd it is still sent, on the 24th it is too old.
    t.clock.set(at('2027-04-24'));
    expect(await sweep(t, [s.issuerId])).toBe(0);
    t.clock.set(at('2027-04-23'));
    expect(await sweep(t, [s.issuerId])).toBe(1);
    expect(await stepsOf(t, s.invoice._id)).toEqual(['apres_15']);
  });

  it('states what remains after a partial payment, and stops once paid, credited or cancelled', async () => {
    const partial = await sentInvoice(t);
    await t.database.db.execute(
      sql`update invoices set paid_cents = 40000 where id = ${partial.invoice._id}`,
    );
    const paid = await sentInvoice(t);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/factures/${paid.invoice._id}/statut-emetteur`,
          token: paid.token,
          body: { statutEmetteur: 'payee' },
        })
      ).statusCode,
    ).toBe(200);
    const credited = await sentInvoice(t);
    expect(
      (await creditInvoice(t, credited.token, credited.invoice._id, { motif: 'Erreur de prix' })).statusCode,
    ).toBe(201);
    const fullyPaid = await sentInvoice(t);
    await t.database.db.execute(
      sql`update invoices set paid_cents = 100000 where id = ${fullyPaid.invoice._id}`,
    );

    t.clock.set(at('2027-04-02'));
    const issuers = [partial, paid, credited, fullyPaid].map((s) => s.issuerId);
    expect(await sweep(t, issuers)).toBe(1);
    const mail = await waitForMail(t.outboxDir, partial.clientEmail, `Facture ${partial.invoice.numero}`);
    expect(mail.text).toMatch(/600,00\s€ restent dus/);
    for (const s of [paid, credited, fullyPaid]) expect(await stepsOf(t, s.invoice._id)).toEqual([]);
  });

  it('sends nothing when the plan is off, and skips a step turned off', async () => {
    const off = await sentInvoice(t);
    await putPlan(off.token, { actif: false, etapes: defaults() });
    const skipping = await sentInvoice(t);
    await putPlan(skipping.token, {
      actif: true,
      etapes: defaults().map((s) => (s.cle === 'avant_3' ? { ...s, actif: false } : s)),
    });
    t.clock.set(at('2027-03-30'));
    expect(await sweep(t, [off.issuerId, skipping.issuerId])).toBe(0);
    t.clock.set(at('2027-04-02'));
    expect(await sweep(t, [off.issuerId, skipping.issuerId])).toBe(1);
    expect(await stepsOf(t, skipping.invoice._id)).toEqual(['apres_1']);
    expect(await stepsOf(t, off.invoice._id)).toEqual([]);
  });
});

describe('« Relancer maintenant » and the history', () => {
  it('sends at once, may repeat, and shows in the issuer’s history only', async () => {
    const s = await sentInvoice(t);
    const url = `/api/factures/${s.invoice._id}/relances`;
    const first = await t.request({ method: 'POST', url, token: s.token });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      etape: 'manuel',
      libelle: 'Relance manuelle',
      destinataire: s.clientEmail,
      montantDu: 1000,
    });
    await waitForMail(t.outboxDir, s.clientEmail, `Rappel : la facture ${s.invoice.numero}`);
    expect((await t.request({ method: 'POST', url, token: s.token })).statusCode).toBe(201);
    expect((await t.request({ method: 'GET', url, token: s.token })).json()).toHaveLength(2);
    // Their own click: no notification about it.
    expect(await notificationsOf(t, s.issuerId, 'relance_envoyee')).toEqual([]);

    const stranger = await signedInUser(t);
    expect((await t.request({ method: 'POST', url, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
  });

  it('refuses an invoice not sent, or paid, with a French reason', async () => {
    const s = await sentInvoice(t);
    await t.database.db.execute(sql`update invoices set paid_cents = 100000 where id = ${s.invoice._id}`);
    const res = await t.request({
      method: 'POST',
      url: `/api/factures/${s.invoice._id}/relances`,
      token: s.token,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      errorType: 'conflict',
      message: 'Cette facture est réglée : plus rien n’est dû.',
    });
    expect(await stepsOf(t, s.invoice._id)).toEqual([]);
  });
});
