const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** "9,99 € par mois": the display prices of the plan catalogue, written as the rest of the app writes euros. */
export function formatMonthlyPrice(price: number): string {
  return `${euros.format(price)} par mois`;
}
