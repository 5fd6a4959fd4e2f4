import type { PlanDescription } from '@facturo/shared';

/* A no-break space keeps "9,99 €" on one line. */
const NBSP = '\u00a0';

/** SPEC §9 display prices: "9,99 €/mois"; a free plan reads "Gratuit". */
export function formatPlanPrice({ prix, periode }: Pick<PlanDescription, 'prix' | 'periode'>): string {
  if (prix === 0) return 'Gratuit';
  return `${prix.toFixed(2).replace('.', ',')}${NBSP}€/${periode}`;
}

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** "12 mars 2026" (fr-FR, Paris time, where the periods are counted); null stays null. */
export function formatLongDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : longDate.format(date);
}

/**
 * Issue 17: a plan bought during the trial is first paid when the trial ends. "Votre essai continue
 * jusqu'au 12 mars 2026 ; premier paiement le 12 mars 2026."; null when no payment is still to come.
 */
export function trialCarriedText({ premierPaiement }: { premierPaiement: string | null }): string | null {
  const date = formatLongDate(premierPaiement);
  if (!date) return null;
  return `Votre essai continue jusqu'au ${date}${NBSP}; premier paiement le ${date}.`;
}
