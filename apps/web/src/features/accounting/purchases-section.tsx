/** Issue 18 (lane purchases): the purchases register: list, form, receipts, CSV/PDF exports. */
export function PurchasesSection() {
  return null;
}
