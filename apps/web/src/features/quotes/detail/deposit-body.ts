import type { DepositInput } from '@facturo/shared';

export type DepositMode = 'pourcentage' | 'montant';

/**
 * The body of POST /devis/{id}/acompte from what was typed: a percentage as a number (1–100, decimals
 * with a comma or a point), an amount as the French text typed (the server reads « 1 200,50 »). Null
 * when nothing usable was typed.
 */
export function depositBody(mode: DepositMode, typed: string): DepositInput | null {
  const text = typed.trim();
  if (text === '') return null;
  if (mode === 'montant') return { montant: text };
  const percent = Number(text.replace(',', '.').replace('%', '').trim());
  return Number.isFinite(percent) && percent >= 1 && percent <= 100 ? { pourcentage: percent } : null;
}
