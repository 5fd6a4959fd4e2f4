import {
  DEFAULT_LEGAL_MENTIONS,
  formatSiretInput,
  frenchVatNumber,
  type LegalMentions,
  SIRET_KEY_MESSAGE,
  SIRET_MESSAGE,
  type User,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_REQUIRED_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('/api/mentions-legales', () => {
  it('starts from the defaults of the spec: 30 days, 3 × legal rate, 40 €, no discount', async () => {
    const { token, user } = await signedInUser(t);
    const res = await t.request({ method: 'GET', url: '/api/mentions-legales', token });
    expect(res.statusCode).toBe(200);
    const mentions = res.json<LegalMentions>();
    expect(mentions).toEqual({ ...DEFAULT_LEGAL_MENTIONS, siret: user.siret, personnalisees: false });
    expect(mentions.conditionsPaiement).toContain('30 jours');
    expect(mentions.penalitesRetard).toContain('3 fois le taux d’intérêt légal');
    expect(mentions.indemniteForfaitaire).toContain('40 €');
    expect(mentions.escompte).toBe('Pas d’escompte pour paiement anticipé.');
  });

  it('saves part of the mentions and keeps the rest', async () => {
    const { token } = await signedInUser(t, { siret: uniqueSiret('552100554') });
    const res = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: {
        conditionsPaiement: 'Paiement à réception.',
        natureOperation: 'mixte',
        tvaIntracommunautaire: 'fr 96 552 100 554',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<LegalMentions>()).toMatchObject({
      conditionsPaiement: 'Paiement à réception.',
      natureOperation: 'mixte',
      tvaIntracommunautaire: frenchVatNumber('552100554'),
      escompte: DEFAULT_LEGAL_MENTIONS.escompte,
      personnalisees: true,
    });
    await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: { mentionLibre: 'Merci !' },
    });
    const again = await t.request({ method: 'GET', url: '/api/mentions-legales', token });
    expect(again.json<LegalMentions>()).toMatchObject({
      conditionsPaiement: 'Paiement à réception.',
      mentionLibre: 'Merci !',
    });
  });

  it('keeps each user’s mentions to themselves', async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token: alice.token,
      body: { mentionLibre: 'Alice' },
    });
    const bobs = await t.request({ method: 'GET', url: '/api/mentions-legales', token: bob.token });
    expect(bobs.json<LegalMentions>().mentionLibre).toBe('');
  });

  it('rejects bad values without saving anything', async () => {
    const { token } = await signedInUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ natureOperation: 'autre' }, 'Nature de l’opération invalide'],
      [{ tvaIntracommunautaire: '12' }, VAT_NUMBER_MESSAGE],
      [{ tvaIntracommunautaire: 'FR40303265045', mentionLibre: 'jamais écrit' }, VAT_NUMBER_SIREN_MESSAGE],
      [{ siret: '123', mentionLibre: 'jamais écrit' }, SIRET_MESSAGE],
      // Two digits swapped: 14 digits, but the keys do not add up.
      [{ siret: '12345678200001', mentionLibre: 'jamais écrit' }, SIRET_KEY_MESSAGE],
      [{ inconnu: 'x' }, 'Clé non reconnue : "inconnu"'],
    ];
    for (const [body, message] of cases) {
      const res = await t.request({ method: 'PUT', url: '/api/mentions-legales', token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const after = await t.request({ method: 'GET', url: '/api/mentions-legales', token });
    expect(after.json<LegalMentions>()).toMatchObject({ mentionLibre: '', personnalisees: false });
  });

  it('keeps the VAT number on the profile, with the profile’s rules', async () => {
    const siret = uniqueSiret('552100554');
    const { token } = await signedInUser(t, { siret });
    const vatNumber = frenchVatNumber('552100554');
    const saved = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: { tvaIntracommunautaire: vatNumber },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Only the number was sent: the mentions themselves are still the defaults.
    expect(saved.json<LegalMentions>()).toMatchObject({
      tvaIntracommunautaire: vatNumber,
      personnalisees: false,
    });
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.json<User>().tvaIntracommunautaire).toBe(vatNumber);

    const reel = await t.request({ method: 'PUT', url: '/api/users/me', token, body: { regimeTva: 'reel' } });
    expect(reel.statusCode).toBe(200);
    const removed = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: { tvaIntracommunautaire: '', mentionLibre: 'jamais écrit' },
    });
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toMatchObject({
      errorType: 'validation_error',
      message: VAT_NUMBER_REQUIRED_MESSAGE,
    });
    // A new SIRET here must agree with the number too.
    const moved = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: { siret: uniqueSiret('303265045') },
    });
    expect(moved.json().message).toBe(VAT_NUMBER_SIREN_MESSAGE);
    const after = await t.request({ method: 'GET', url: '/api/mentions-legales', token });
    expect(after.json<LegalMentions>()).toMatchObject({
      tvaIntracommunautaire: vatNumber,
      siret,
      mentionLibre: '',
    });
  });

  it('turns a particulier into a professional when a valid SIRET is saved here', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const siret = uniqueSiret();
    const res = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: { siret: formatSiretInput(siret) },
    });
    expect(res.json<LegalMentions>().siret).toBe(siret);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.json<User>()).toMatchObject({ role: 'professionnel', siret });
    const clients = await t.request({ method: 'GET', url: '/api/clients', token });
    expect(clients.statusCode).toBe(200);
  });
});
