import type { Conversation, Message } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import {
  conversationSubject,
  conversationTitle,
  formatActivity,
  planLabel,
  senderName,
} from './conversation-labels';

const base: Conversation = {
  _id: 'c1',
  participants: [{ _id: 'a1', prenom: 'Ada', nom: 'Support Facturo' }],
  derniereActivite: '2026-11-25T10:00:00.000Z',
  dernierMessage: null,
  nonLus: 0,
  contrepartie: { etat: 'actif' },
  kind: 'support',
  sujet: 'Support',
  factureId: null,
  planUtilisateur: null,
};

describe('conversationTitle', () => {
  it('names support « Support Facturo » for a user, and the user for an admin', () => {
    expect(conversationTitle(base, false)).toBe('Support Facturo');
    const asAdmin = { ...base, participants: [{ _id: 'u1', prenom: 'Camille', nom: 'Roux' }] };
    expect(conversationTitle(asAdmin, true)).toBe('Camille Roux');
  });

  it('names the other party of an invoice, whose number is the subject', () => {
    const invoice: Conversation = {
      ...base,
      kind: 'facture',
      sujet: 'FAC-0001',
      factureId: 'f1',
      participants: [{ _id: 'u2', prenom: 'Paul', nom: 'Client' }],
    };
    expect(conversationTitle(invoice, false)).toBe('Paul Client');
    expect(conversationSubject(invoice)).toBe('Facture FAC-0001');
    expect(conversationSubject(base)).toBe('Support');
  });
});

describe('senderName', () => {
  const message = (prenom: string, nom: string): Message => ({
    _id: 'm',
    expediteur: { _id: 'x', prenom, nom },
    contenu: 'x',
    createdAt: '2026-11-25T10:00:00.000Z',
    vu: false,
    estMoi: false,
  });
  it('shows the answering admin under « Support Facturo »', () => {
    expect(senderName(message('Ada', 'Support Facturo'))).toBe('Ada · Support Facturo');
    expect(senderName(message('', 'Support Facturo'))).toBe('Support Facturo');
    expect(senderName(message('Paul', 'Client'))).toBe('Paul Client');
  });
});

describe('formatActivity', () => {
  it("shows today's time and an older day's date, in Paris time", () => {
    const now = new Date('2026-11-25T15:00:00.000Z');
    expect(formatActivity('2026-11-25T09:05:00.000Z', now)).toBe('10:05');
    expect(formatActivity('2026-11-20T09:05:00.000Z', now)).toBe('20 nov.');
  });
});

describe('planLabel', () => {
  it('names a known plan as the back-office does, and leaves an unknown one as sent', () => {
    expect(planLabel('essai')).toBe('Essai');
    expect(planLabel('futur')).toBe('futur');
  });
});
