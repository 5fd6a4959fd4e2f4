import { describe, expect, it } from 'vitest';
import { invoicesCountText, NO_INVOICES_TEXT, noInvoicesText, totalLineText } from './list-texts';

describe('noInvoicesText', () => {
  it('keeps « Aucune facture trouvée », and names the search that found nothing', () => {
    expect(noInvoicesText('')).toBe(NO_INVOICES_TEXT);
    expect(noInvoicesText('Zèbre')).toBe('Aucune facture trouvée pour « Zèbre ».');
  });
});

describe('invoicesCountText', () => {
  it('says how many rows are shown out of how many match', () => {
    expect(invoicesCountText(50, 120)).toBe('50 documents affichés sur 120');
    expect(invoicesCountText(1, 2)).toBe('1 document affiché sur 2');
  });
});

describe('totalLineText', () => {
  it('counts the documents of the total line', () => {
    expect(totalLineText(0)).toBe('0 document · Total TTC :');
    expect(totalLineText(1)).toBe('1 document · Total TTC :');
    expect(totalLineText(120)).toBe('120 documents · Total TTC :');
  });
});
