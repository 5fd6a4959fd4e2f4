import { describe, expect, it } from 'vitest';
import { clientPickerEmptyText, clientPickerMoreText } from './client-search';

describe('clientPickerEmptyText', () => {
  it('tells an empty directory from a search that found nothing', () => {
    expect(clientPickerEmptyText('  ')).toBe('Aucun client pour le moment.');
    expect(clientPickerEmptyText('zèbre')).toBe('Aucun client ne correspond à cette recherche.');
  });
});

describe('clientPickerMoreText', () => {
  it('asks to narrow the search only when the server has more matches', () => {
    expect(clientPickerMoreText(20, 45)).toBe('20 clients sur 45 : précisez la recherche.');
    expect(clientPickerMoreText(20, 20)).toBeNull();
    expect(clientPickerMoreText(3, null)).toBeNull();
  });
});
