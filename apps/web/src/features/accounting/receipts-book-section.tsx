/** Issue 18 (lane books): the receipts book with its period filter, monthly totals and CSV/PDF exports. */
export function ReceiptsBookSection() {
  return null;
}
