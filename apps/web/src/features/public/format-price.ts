import { formatEuros } from '@facturo/shared/money';

const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/** A plan price as people say it: "0 €", but "9,99 €" when there are cents. */
export function formatPlanPrice(euros: number): string {
  return Number.isInteger(euros) ? wholeEuros.format(euros) : formatEuros(euros);
}

/** "9,99 € par mois": the display prices of the plan catalogue, in sentences. */
export function formatMonthlyPrice(euros: number): string {
  return `${formatEuros(euros)} par mois`;
}
