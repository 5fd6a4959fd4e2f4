/** « 26/11/2026 » from an ISO day: the book's dates as French readers write them. */
export const frenchDate = (isoDay: string) =>
  `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

/** What the book on show covers: the name of its table and of its cards. */
export const receiptsPeriodLabel = (debut: string, fin: string) =>
  `Recettes du ${frenchDate(debut)} au ${frenchDate(fin)}, par mois`;

export const receiptsCount = (n: number) => `${n} ${n > 1 ? 'recettes' : 'recette'}`;
