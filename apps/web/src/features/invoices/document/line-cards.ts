/**
 * Below 480 px a table of invoice lines becomes stacked cards: a six-column table cut « TOTAL HT » to « T »
 * and amounts to « 180 » on a 375 px phone. The same table is restyled, not duplicated (one copy of each
 * line for readers and tests): the header row hides, each line is a card, the description on top and each
 * figure under its name (the cell's data-label), every amount whole.
 */
// Written out whole (no template): Tailwind finds its classes by reading the source.
export const LINE_CARDS = {
  table: 'max-[480px]:block',
  head: 'max-[480px]:hidden',
  body: 'max-[480px]:block max-[480px]:space-y-2',
  row: 'max-[480px]:block max-[480px]:rounded-lg max-[480px]:border max-[480px]:border-slate-200 max-[480px]:px-3 max-[480px]:py-2',
  description: 'max-[480px]:block max-[480px]:px-0 max-[480px]:pb-1 max-[480px]:font-medium',
  /** A figure: its name (data-label) on the left, the value whole on the right. */
  figure:
    'max-[480px]:flex max-[480px]:justify-between max-[480px]:gap-3 max-[480px]:px-0 max-[480px]:py-0.5 max-[480px]:before:text-slate-600 max-[480px]:before:content-[attr(data-label)]',
} as const;
