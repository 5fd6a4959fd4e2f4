import { receiptsBookFileName } from '@facturo/shared';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { fetchFec, fetchReceiptsBookFile } from './receipts-api';
import { useBooksDownload } from './receipts-download';
import { fecYears, type ReceiptsPeriod } from './receipts-period';

/** « CSV » and « PDF » of the period on show; disabled while the typed period cannot be read. */
export function ReceiptsBookDownloads({ period, disabled }: { period: ReceiptsPeriod; disabled: boolean }) {
  const csv = useBooksDownload(
    (p: ReceiptsPeriod) => fetchReceiptsBookFile(p, 'csv'),
    'Le livre des recettes n’a pas pu être téléchargé.',
  );
  const pdf = useBooksDownload(
    (p: ReceiptsPeriod) => fetchReceiptsBookFile(p, 'pdf'),
    'Le livre des recettes n’a pas pu être téléchargé.',
  );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        disabled={disabled}
        loading={csv.pending}
        aria-label="Télécharger le livre des recettes en CSV"
        onClick={() => void csv.run(period, receiptsBookFileName(period.debut, period.fin, 'csv'))}
      >
        {!csv.pending && <FileDown className="size-4" aria-hidden="true" />}
        CSV
      </Button>
      <Button
        variant="secondary"
        disabled={disabled}
        loading={pdf.pending}
        aria-label="Télécharger le livre des recettes en PDF"
        onClick={() => void pdf.run(period, receiptsBookFileName(period.debut, period.fin, 'pdf'))}
      >
        {!pdf.pending && <FileDown className="size-4" aria-hidden="true" />}
        PDF
      </Button>
    </div>
  );
}

/** The FEC for the accountant: a year, then the file `{SIREN}FEC{AAAA}1231.txt`. */
export function FecDownload({ today }: { today: string }) {
  const years = fecYears(today);
  const [year, setYear] = useState(years[0] ?? Number(today.slice(0, 4)));
  const fec = useBooksDownload(fetchFec, 'Le FEC n’a pas pu être téléchargé.');
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Fichier des écritures comptables (FEC)</h3>
      <p className="text-sm text-slate-600">
        Pour votre comptable ou un contrôle fiscal : journaux des ventes et des encaissements de l’année, au
        format de l’article A47 A-1 du LPF.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-32">
          <Field label="Exercice">
            {(control) => (
              <Select {...control} value={year} onChange={(event) => setYear(Number(event.target.value))}>
                {years.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Button
          variant="secondary"
          loading={fec.pending}
          onClick={() => void fec.run(year, `FEC${year}1231.txt`)}
        >
          {!fec.pending && <FileDown className="size-4" aria-hidden="true" />}
          Télécharger le FEC
        </Button>
      </div>
    </div>
  );
}
