import { parisDay } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { receiptsBookQueryOptions } from './receipts-api';
import { ReceiptsCards } from './receipts-cards';
import { FecDownload, ReceiptsBookDownloads } from './receipts-downloads';
import { periodError, presetPeriod, type ReceiptsPeriod } from './receipts-period';
import { ReceiptsPeriodFilter } from './receipts-period-filter';
import { ReceiptsTable } from './receipts-table';

/**
 * Issue 18 (lane books): the receipts book (livre des recettes) — the confirmed payments of a period by
 * month with their totals, its CSV and PDF — and the FEC for the accountant. The calendar is Paris's.
 */
export function ReceiptsBookSection() {
  const [today] = useState(() => parisDay(new Date()));
  const [period, setPeriod] = useState<ReceiptsPeriod>(() => presetPeriod('annee', today));
  // The last period the server can read: the table stays on it while a date is being typed.
  const [asked, setAsked] = useState(period);
  const error = periodError(period);
  const book = useQuery(receiptsBookQueryOptions(asked));

  function change(next: ReceiptsPeriod) {
    setPeriod(next);
    if (periodError(next) === null) setAsked(next);
  }

  return (
    <section
      id="recettes"
      aria-labelledby="receipts-book-title"
      className="scroll-mt-20 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:scroll-mt-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="receipts-book-title" className="text-lg font-semibold text-slate-900">
            Livre des recettes
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Vos encaissements (paiements confirmés) dans l’ordre chronologique, chaque paiement partiel sur sa
            ligne, avec les totaux par mois.
          </p>
        </div>
        <ReceiptsBookDownloads period={asked} disabled={error !== null} />
      </div>
      <ReceiptsPeriodFilter period={period} today={today} error={error} onChange={change} />
      <div aria-live="polite" aria-busy={book.isFetching || undefined}>
        {book.isPending ? (
          <LoadingStatus>Chargement du livre des recettes...</LoadingStatus>
        ) : book.isError ? (
          <LoadError message="Erreur lors du chargement du livre des recettes" query={book} />
        ) : book.data.nombre === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            Aucune recette encaissée sur la période. Les paiements que vous enregistrez sur vos factures
            apparaissent ici.
          </p>
        ) : (
          <>
            <ReceiptsCards book={book.data} />
            <ReceiptsTable book={book.data} />
          </>
        )}
      </div>
      <FecDownload today={today} />
    </section>
  );
}
