import { formatDateFr } from '../dates';

/**
 * The PAYÉE stamp of SPEC §2, with the payment date, shown when either side marked the invoice paid. It
 * sits in the free space beside the totals, so it never hides a figure.
 */
export function PaidStamp({ datePaiement }: { datePaiement: string | null }) {
  return (
    <div className="-rotate-6 self-center rounded-lg border-4 border-emerald-700 px-4 py-2 text-center text-emerald-800 sm:ml-6 sm:-rotate-12">
      <p className="text-2xl font-black tracking-[0.2em] sm:text-3xl">PAYÉE</p>
      {datePaiement && <p className="text-xs font-semibold">le {formatDateFr(datePaiement)}</p>}
    </div>
  );
}

/**
 * ANNULÉE, as on the PDF (DESIGN §5): the invoice was cancelled before it was sent and stays in the
 * register with its number; nothing is owed on it. Same place as PAYÉE, which it never meets.
 */
export function CancelledStamp() {
  return (
    <div className="-rotate-6 self-center rounded-lg border-4 border-red-700 px-4 py-2 text-center text-red-800 sm:ml-6 sm:-rotate-12">
      <p className="text-2xl font-black tracking-[0.2em] sm:text-3xl">ANNULÉE</p>
    </div>
  );
}
