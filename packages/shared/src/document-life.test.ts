import { describe, expect, it } from 'vitest';
import {
  blockingChannel,
  type DocumentLifeFacts,
  documentLife,
  isFullyCredited,
  LIFE_FILTERS,
  LIFE_LABELS,
  LIFE_STATES,
  LIFE_TONES,
  lifeMatchesFilter,
  parseLifeFilter,
} from './document-life.js';
import { issuerTransitions, payeeRefused } from './invoice-status.js';

const TODAY = '2026-11-20';

/** An invoice of 600 € due on the 30th, sent on the 1st by e-mail, nothing else recorded. */
const sent: DocumentLifeFacts = {
  type: 'facture',
  statutEmetteur: 'envoyee',
  totalTtcCents: 60000,
  prepaidCents: 0,
  creditedCents: 0,
  paidCents: 0,
  issuedAt: '2026-11-01T09:00:00.000Z',
  channel: 'email',
  viewedAt: null,
  dispute: null,
  declaredCents: 0,
  dateEcheance: '2026-11-30',
};
const life = (
  facts: Partial<DocumentLifeFacts>,
  side: 'emetteur' | 'destinataire' = 'emetteur',
  today = TODAY,
) => documentLife({ ...sent, ...facts }, side, today);

describe('documentLife: the states', () => {
  it('has a label and a tone for every state', () => {
    for (const state of LIFE_STATES) {
      expect(LIFE_LABELS[state]).toBeTruthy();
      expect(LIFE_TONES[state]).toBeTruthy();
    }
  });

  it('reads créée and brouillon before issue, nothing owed yet, not payable', () => {
    const draft = life({ statutEmetteur: 'creee', issuedAt: null, channel: null });
    expect(draft).toMatchObject({
      etat: 'creee',
      libelle: 'Créée',
      emise: false,
      payable: false,
      relancable: false,
    });
    expect(life({ statutEmetteur: 'brouillon', issuedAt: null }).etat).toBe('brouillon');
  });

  it('reads envoyée for the issuer, non vue then vue for the recipient', () => {
    expect(life({})).toMatchObject({
      etat: 'envoyee',
      libelle: 'Envoyée',
      ton: 'info',
      emise: true,
      canal: 'email',
    });
    expect(life({}, 'destinataire').etat).toBe('non_vue');
    const viewed = { viewedAt: '2026-11-02T10:00:00.000Z' };
    expect(life(viewed)).toMatchObject({ etat: 'vue', vue: true });
    expect(life(viewed, 'destinataire').etat).toBe('vue');
  });

  it('reads a declared payment, then a part paid, then paid', () => {
    expect(life({ declaredCents: 10000 })).toMatchObject({ etat: 'paiement_signale', paiementSignale: true });
    expect(life({ paidCents: 10000 })).toMatchObject({
      etat: 'partiellement_payee',
      libelle: 'Partiellement payée',
      partiellementPayee: true,
      resteCents: 50000,
      payable: true,
    });
    expect(life({ paidCents: 60000 })).toMatchObject({
      etat: 'payee',
      resteCents: 0,
      payable: false,
      relancable: false,
    });
    expect(life({ statutEmetteur: 'payee' }).etat).toBe('payee');
  });

  it('reads refusée, contestée and rejetée, none of them reminded; refused and rejected not payable', () => {
    expect(life({ dispute: 'refusee' })).toMatchObject({
      etat: 'refusee',
      ton: 'danger',
      contestee: true,
      relancable: false,
      payable: false,
    });
    expect(life({ dispute: 'litige' })).toMatchObject({
      etat: 'contestee',
      relancable: false,
      payable: true,
    });
    expect(life({ dispute: 'rejetee' })).toMatchObject({
      etat: 'rejetee',
      libelle: 'Rejetée par la plateforme',
      payable: false,
    });
  });

  it('reads annulée when deleted unsent or fully credited, nothing left due', () => {
    expect(life({ statutEmetteur: 'annulee', issuedAt: null })).toMatchObject({
      etat: 'annulee',
      ton: 'eteint',
    });
    const credited = life({ creditedCents: 60000 });
    expect(credited).toMatchObject({ etat: 'annulee', resteCents: 0, payable: false, relancable: false });
    expect(isFullyCredited({ ...sent, creditedCents: 60000 })).toBe(true);
    expect(isFullyCredited({ ...sent, creditedCents: 10000 })).toBe(false);
    expect(life({ creditedCents: 10000 }).resteCents).toBe(50000);
  });

  it('reads a credit note « Émis », never payable nor reminded', () => {
    expect(life({ type: 'avoir' })).toMatchObject({
      etat: 'emis',
      libelle: 'Émis',
      resteCents: 0,
      payable: false,
    });
  });
});

describe('documentLife: precedence', () => {
  it('cancelled over paid over rejected over refused over disputed over declared over partly paid over viewed', () => {
    const all: Partial<DocumentLifeFacts> = {
      viewedAt: '2026-11-02T10:00:00.000Z',
      paidCents: 10000,
      declaredCents: 10000,
      dispute: 'litige',
    };
    expect(life(all).etat).toBe('contestee');
    expect(life({ ...all, dispute: 'refusee' }).etat).toBe('refusee');
    expect(life({ ...all, dispute: 'rejetee' }).etat).toBe('rejetee');
    expect(life({ ...all, dispute: null }).etat).toBe('paiement_signale');
    expect(life({ ...all, dispute: null, declaredCents: 0 }).etat).toBe('partiellement_payee');
    expect(life({ ...all, dispute: 'refusee', statutEmetteur: 'payee' }).etat).toBe('payee');
    expect(life({ ...all, statutEmetteur: 'annulee' }).etat).toBe('annulee');
    expect(life({ ...all, creditedCents: 60000 }).etat).toBe('annulee');
  });

  it('is late only while open and owing, the days counted from the due date', () => {
    expect(life({}, 'emetteur', '2026-12-05')).toMatchObject({ enRetard: true, joursRetard: 5 });
    expect(life({}, 'emetteur', '2026-11-30')).toMatchObject({ enRetard: false, joursRetard: 0 });
    expect(life({ paidCents: 60000 }, 'emetteur', '2026-12-05').enRetard).toBe(false);
    expect(life({ statutEmetteur: 'creee', issuedAt: null }, 'emetteur', '2026-12-05').enRetard).toBe(false);
    // A disputed invoice is still late (the lateness is a fact), but not reminded.
    expect(life({ dispute: 'litige' }, 'emetteur', '2026-12-05')).toMatchObject({
      enRetard: true,
      relancable: false,
    });
  });
});

describe('the list filters', () => {
  it('parses old and new values, accents, case, spaces and hyphens aside', () => {
    expect(parseLifeFilter('Payée')).toBe('payee');
    expect(parseLifeFilter('en-retard')).toBe('en_retard');
    expect(parseLifeFilter('Partiellement payée')).toBe('partiellement_payee');
    expect(parseLifeFilter('CONTESTEE')).toBe('contestee');
    expect(parseLifeFilter('inconnu')).toBeNull();
    expect(parseLifeFilter('')).toBeNull();
    expect(parseLifeFilter(undefined)).toBeNull();
    for (const filter of LIFE_FILTERS) expect(parseLifeFilter(filter)).toBe(filter);
  });

  it('keeps each row where it belongs: a refused invoice is disputed, not sent', () => {
    const where = (facts: Partial<DocumentLifeFacts>, today = TODAY) =>
      LIFE_FILTERS.filter((filter) => lifeMatchesFilter(life(facts, 'emetteur', today), filter));
    expect(where({})).toEqual(['envoyee']);
    expect(where({ dispute: 'refusee' })).toEqual(['contestee']);
    expect(where({ paidCents: 10000 })).toEqual(['envoyee', 'partiellement_payee']);
    expect(where({}, '2026-12-05')).toEqual(['envoyee', 'en_retard']);
    expect(where({ paidCents: 60000 })).toEqual(['payee']);
    expect(where({ statutEmetteur: 'creee', issuedAt: null })).toEqual(['brouillon']);
    expect(where({ creditedCents: 60000 })).toEqual(['annulee']);
    // Issued then fully credited: listed beside its credit note without a filter; a deleted draft is not.
    expect(lifeMatchesFilter(life({ creditedCents: 60000 }), null)).toBe(true);
    expect(lifeMatchesFilter(life({ statutEmetteur: 'annulee', issuedAt: null }), null)).toBe(false);
    expect(lifeMatchesFilter(life({}), null)).toBe(true);
  });
});

describe('« payée » and the life', () => {
  const state = { statutEmetteur: 'envoyee' as const, sent: true, paid: false };
  it('is offered while payable, never once refused or rejected, never on a credit note', () => {
    expect(issuerTransitions({ ...state, life: life({}) })).toContain('payee');
    expect(issuerTransitions({ ...state, life: life({ dispute: 'refusee' }) })).not.toContain('payee');
    expect(issuerTransitions({ ...state, life: life({ dispute: 'rejetee' }) })).not.toContain('payee');
    expect(issuerTransitions({ ...state, life: life({ dispute: 'litige' }) })).toContain('payee');
    expect(issuerTransitions({ ...state, type: 'avoir' })).not.toContain('payee');
    expect(payeeRefused({ type: 'avoir' })).toBe(true);
    // Before issue, marking it paid issues it.
    const draft = life({ statutEmetteur: 'creee', issuedAt: null });
    expect(issuerTransitions({ statutEmetteur: 'creee', sent: false, paid: false, life: draft })).toContain(
      'payee',
    );
  });
});

describe('blockingChannel', () => {
  it('keeps the approved platform and Facturo apart, the e-mail copy allowed', () => {
    expect(blockingChannel('plateforme_agreee', 'facturo')).toBe('plateforme_agreee');
    expect(blockingChannel('facturo', 'plateforme_agreee')).toBe('facturo');
    expect(blockingChannel('plateforme_agreee', 'email')).toBeNull();
    expect(blockingChannel(null, 'plateforme_agreee')).toBeNull();
  });
});
