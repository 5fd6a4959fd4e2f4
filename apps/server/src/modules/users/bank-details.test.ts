import {
  ACCENT_COLOR_MESSAGE,
  BIC_MESSAGE,
  BIC_WITHOUT_IBAN_MESSAGE,
  DEFAULT_ACCENT_COLOR,
  IBAN_MESSAGE,
  type User,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** A real French IBAN (the example of the French banking federation), and the same with its key changed. */
const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const IBAN_ELECTRONIC = 'FR7630006000011234567890189';
const IBAN_WRONG_KEY = 'FR77 3000 6000 0112 3456 7890 189';

async function put(token: string, body: Record<string, unknown>) {
  return t.request({ method: 'PUT', url: '/api/users/me', token, body });
}

async function me(token: string): Promise<User> {
  return (await t.request({ method: 'GET', url: '/api/users/me', token })).json<User>();
}

describe('payment details on /api/users/me', () => {
  it('starts with none, and the default accent colour', async () => {
    const { token, user } = await signedInUser(t);
    expect(user).toMatchObject({ iban: '', bic: '', couleurAccent: DEFAULT_ACCENT_COLOR, aUnLogo: false });
    expect(await me(token)).toMatchObject({ iban: '', bic: '', couleurAccent: '#3730A3' });
  });

  it('stores the IBAN in electronic format and the BIC upper-cased, and keeps them', async () => {
    const { token } = await signedInUser(t);
    const res = await put(token, { iban: ' fr76 3000 6000 0112 3456 7890 189 ', bic: 'bnpa fr pp' });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ iban: IBAN_ELECTRONIC, bic: 'BNPAFRPP' });
    expect(await me(token)).toMatchObject({ iban: IBAN_ELECTRONIC, bic: 'BNPAFRPP' });
    // What GET shows PUTs back unchanged (SPEC §7).
    const again = await put(token, await me(token));
    expect(again.statusCode).toBe(200);
    expect(again.json<User>()).toMatchObject({ iban: IBAN_ELECTRONIC, bic: 'BNPAFRPP' });
  });

  it('refuses an IBAN whose check digits are wrong, or that is no IBAN, and changes nothing', async () => {
    const { token } = await signedInUser(t);
    await put(token, { iban: IBAN });
    for (const iban of [IBAN_WRONG_KEY, 'FR76 3000', 'bonjour', 'XX7630006000011234567890189']) {
      const res = await put(token, { iban });
      expect(res.statusCode, iban).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message: IBAN_MESSAGE });
    }
    expect((await me(token)).iban).toBe(IBAN_ELECTRONIC);
  });

  it('accepts a foreign IBAN (Germany) and an 11-character BIC', async () => {
    const { token } = await signedInUser(t);
    const res = await put(token, { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  });

  it('refuses a malformed BIC', async () => {
    const { token } = await signedInUser(t);
    for (const bic of ['BNPA', 'BNPAFRPP1', '12PAFRPP']) {
      const res = await put(token, { iban: IBAN, bic });
      expect(res.statusCode, bic).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message: BIC_MESSAGE });
    }
  });

  it('refuses a BIC without an IBAN, and removing the IBAN removes its BIC', async () => {
    const { token } = await signedInUser(t);
    const alone = await put(token, { bic: 'BNPAFRPP' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({ errorType: 'validation_error', message: BIC_WITHOUT_IBAN_MESSAGE });
    const withEmptyIban = await put(token, { iban: '', bic: 'BNPAFRPP' });
    expect(withEmptyIban.statusCode).toBe(400);

    expect((await put(token, { iban: IBAN, bic: 'BNPAFRPP' })).statusCode).toBe(200);
    const removed = await put(token, { iban: '' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<User>()).toMatchObject({ iban: '', bic: '' });
  });

  it('removes the BIC alone with an empty string', async () => {
    const { token } = await signedInUser(t);
    await put(token, { iban: IBAN, bic: 'BNPAFRPP' });
    const res = await put(token, { bic: '' });
    expect(res.json<User>()).toMatchObject({ iban: IBAN_ELECTRONIC, bic: '' });
  });
});

describe('couleurAccent on /api/users/me', () => {
  it('takes #RRGGBB in either case and stores it upper-cased', async () => {
    const { token } = await signedInUser(t);
    const res = await put(token, { couleurAccent: '#0f766e' });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().couleurAccent).toBe('#0F766E');
    expect((await me(token)).couleurAccent).toBe('#0F766E');
  });

  it('refuses anything else with the French message', async () => {
    const { token } = await signedInUser(t);
    for (const couleurAccent of ['0F766E', '#0F766', '#0F766EE', 'red', '#GGGGGG', '', 'rgb(0,0,0)']) {
      const res = await put(token, { couleurAccent });
      expect(res.statusCode, couleurAccent).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message: ACCENT_COLOR_MESSAGE });
    }
    expect((await me(token)).couleurAccent).toBe(DEFAULT_ACCENT_COLOR);
  });
});
