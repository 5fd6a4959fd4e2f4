import { DOCUMENT_MESSAGES, invoiceTotals } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import type { StoredLine } from '../../db/schema.js';
import { depositLines, depositTargetCents } from './deposit-lines.js';

const line = (totalCents: number, vatRate: number): StoredLine => ({
  description: 'x',
  quantityThousandths: 1000,
  unitPriceCents: totalCents,
  totalCents,
  vatRate,
});
const quoteOf = (lines: StoredLine[]) => {
  const totals = invoiceTotals(
    lines.map((l) => ({ quantite: 1, prixUnitaire: l.totalCents / 100, tauxTVA: l.vatRate })),
  );
  return { numero: 'DEV-2026-0007', lines, totalTtcCents: totals.ttcCents };
};
/** What the deposit's lines come to once composed (the invoices' own totals). */
const ttcOf = (lines: ReturnType<typeof depositLines>) => invoiceTotals(lines).ttcCents;

describe('deposit lines', () => {
  it('comes to the amount asked, to the cent, over every mix of rates', () => {
    const quote = quoteOf([
      line(123_457, 20),
      line(9_999, 10),
      line(33_333, 5.5),
      line(1_001, 2.1),
      line(5_000, 0),
    ]);
    for (let target = 1; target <= quote.totalTtcCents; target += 997) {
      const lines = depositLines(quote, { montant: target / 100 }, target);
      expect(ttcOf(lines), `${target}`).toBe(target);
    }
  });

  it('never asks more than the amount when no price reaches it', () => {
    // 3 cents TTC at 20 %: 2 cents HT make 2, 3 cents HT make 4.
    const quote = quoteOf([line(10_000, 20)]);
    const lines = depositLines(quote, { montant: 0.03 }, 3);
    expect(ttcOf(lines)).toBe(2);
  });

  it('at 100 %, gives back each rate’s base', () => {
    const quote = quoteOf([line(100_000, 20), line(25_000, 5.5)]);
    const lines = depositLines(
      quote,
      { pourcentage: 100 },
      depositTargetCents(quote, { pourcentage: 100 }, 0),
    );
    expect(lines.map((l) => [l.prixUnitaire, l.tauxTVA])).toEqual([
      ['1000.00', 20],
      ['250.00', 5.5],
    ]);
  });

  it('reads French amounts, and refuses nothing, negatives and more than what is left', () => {
    const quote = quoteOf([line(500_000, 0)]);
    expect(depositTargetCents(quote, { montant: '1 200,50' }, 0)).toBe(120_050);
    expect(depositTargetCents(quote, { montant: '1\u202f200,50' }, 0)).toBe(120_050);
    expect(depositTargetCents(quote, { pourcentage: 12.5 }, 0)).toBe(62_500);
    for (const montant of ['0', '-5', 'abc', '1,234']) {
      expect(() => depositTargetCents(quote, { montant }, 0), montant).toThrow(
        DOCUMENT_MESSAGES.depositAmountRequired,
      );
    }
    expect(() => depositTargetCents(quote, { montant: 1000.01 }, 400_000)).toThrow(
      DOCUMENT_MESSAGES.depositExceedsQuote,
    );
    expect(depositTargetCents(quote, { montant: 1000 }, 400_000)).toBe(100_000);
  });
});
