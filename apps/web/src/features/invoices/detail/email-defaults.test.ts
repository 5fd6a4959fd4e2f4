import { formatEuros } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { testClient, testIssuer } from '../test/fixtures';
import { defaultEmailMessage, defaultEmailValues, isBlank } from './email-defaults';

const invoice = {
  numero: 'FAC-2026-0007',
  montantTTC: 1234.5,
  dateEcheance: '2026-04-09',
  client: { ...testClient, email: 'compta@atelier-lumiere.fr' },
  emetteur: { ...testIssuer, siret: '55210055400021' },
};

describe('defaultEmailMessage', () => {
  it('names the number, the amount TTC and the due date in French, signed by the issuer', () => {
    const message = defaultEmailMessage(invoice);
    expect(message).toBe(
      [
        'Bonjour,',
        `Je vous adresse la facture FAC-2026-0007 d'un montant de ${formatEuros(1234.5)} TTC, à régler au plus tard le 09/04/2026.`,
        'Je vous remercie par avance pour votre règlement et reste à votre disposition pour toute question.',
        'Cordialement,\nCamille Roux',
      ].join('\n\n'),
    );
    expect(message).toMatch(/1\s234,50\s€ TTC/);
  });

  it('ends on the greeting alone when the issuer has no name', () => {
    const message = defaultEmailMessage({
      ...invoice,
      emetteur: { ...invoice.emetteur, prenom: '', nom: ' ' },
    });
    expect(message.endsWith('\n\nCordialement,')).toBe(true);
  });
});

describe('defaultEmailValues', () => {
  it("prefills the client's e-mail and « Facture {numero} »", () => {
    expect(defaultEmailValues(invoice)).toEqual({
      to: 'compta@atelier-lumiere.fr',
      subject: 'Facture FAC-2026-0007',
      message: defaultEmailMessage(invoice),
    });
  });
});

describe('isBlank', () => {
  it('counts spaces and line breaks as nothing typed', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('  \n ')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a@b.fr ')).toBe(false);
  });
});
