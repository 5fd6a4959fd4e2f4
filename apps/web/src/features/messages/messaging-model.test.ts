import type { Message } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { flattenThread } from './api';
import { canSend } from './message-composer';
import { announcementFor } from './message-thread';
import { unreadSentence } from './unread-badge';

const message = (id: string, estMoi: boolean, contenu = `texte ${id}`): Message => ({
  _id: id,
  expediteur: estMoi
    ? { _id: 'moi', prenom: 'Camille', nom: 'Roux' }
    : { _id: 'a1', prenom: 'Ada', nom: 'Support Facturo' },
  contenu,
  createdAt: '2026-11-25T10:00:00.000Z',
  vu: false,
  estMoi,
});

describe('canSend (SPEC §5)', () => {
  it('refuses blank text, no conversation, or a send in flight', () => {
    expect(canSend('Bonjour', 'c1', false)).toBe(true);
    expect(canSend('  \n ', 'c1', false)).toBe(false);
    expect(canSend('Bonjour', null, false)).toBe(false);
    expect(canSend('Bonjour', 'c1', true)).toBe(false);
  });
});

describe('flattenThread', () => {
  it('puts the newest page (fetched first) last, each page staying oldest first', () => {
    const newest = [message('3', true), message('4', false)];
    const older = [message('1', false), message('2', true)];
    expect(flattenThread([newest, older]).map((m) => m._id)).toEqual(['1', '2', '3', '4']);
  });
});

describe('announcementFor', () => {
  it("reads the other side's newest arrival, and how many came", () => {
    expect(announcementFor([message('5', false, 'Bonjour')])).toBe(
      'Nouveau message de Ada · Support Facturo : Bonjour',
    );
    expect(announcementFor([message('5', false), message('6', false, 'Et ceci')])).toBe(
      '2 nouveaux messages. Nouveau message de Ada · Support Facturo : Et ceci',
    );
  });

  it('says nothing of what the reader sent', () => {
    expect(announcementFor([message('7', true)])).toBe('');
  });
});

describe('unreadSentence', () => {
  it('agrees with the count', () => {
    expect(unreadSentence(1)).toBe('1 message non lu');
    expect(unreadSentence(12)).toBe('12 messages non lus');
  });
});
