import { describe, expect, it } from 'vitest';
import { searchClients } from './client-search';

const clients = [
  { nom: 'Hélène Martin', email: 'helene@exemple.fr' },
  { nom: 'Atelier Lumière', email: 'contact@lumiere.fr' },
  { nom: 'Boulangerie Dupont', email: 'pain@dupont.fr' },
];

describe('searchClients', () => {
  it('lists every client when nothing is typed', () => {
    expect(searchClients(clients, '  ')).toHaveLength(3);
  });

  it('ignores case and accents, on the name and the e-mail', () => {
    expect(searchClients(clients, 'HELENE').map((c) => c.nom)).toEqual(['Hélène Martin']);
    expect(searchClients(clients, 'lumiere').map((c) => c.nom)).toEqual(['Atelier Lumière']);
    expect(searchClients(clients, 'dupont.fr').map((c) => c.nom)).toEqual(['Boulangerie Dupont']);
  });

  it('finds nothing for an unknown name', () => {
    expect(searchClients(clients, 'zèbre')).toEqual([]);
  });
});
