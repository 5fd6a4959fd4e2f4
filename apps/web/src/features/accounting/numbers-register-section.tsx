import { parisDay, registerSentence, registreNumerosFileName } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { Select } from '../../components/ui/select';
import { fetchNumbersRegisterCsv, numbersRegisterQueryOptions } from './numbers-register-api';
import { NumbersRegisterCards, NumbersRegisterTable } from './numbers-register-entries';
import { useBooksDownload } from './receipts-download';
import { fecYears } from './receipts-period';

/**
 * The numbers register: every FAC, AV and DEV number of a year, in order, with what became of it (issued,
 * a draft that holds its number, or cancelled and why), so that no gap in a series is left unexplained.
 */
export function NumbersRegisterSection() {
  const [today] = useState(() => parisDay(new Date()));
  const years = fecYears(today);
  const [year, setYear] = useState(years[0] ?? Number(today.slice(0, 4)));
  const register = useQuery(numbersRegisterQueryOptions(year));
  const csv = useBooksDownload(
    fetchNumbersRegisterCsv,
    'Le registre des numéros n’a pas pu être téléchargé.',
  );

  return (
    <section
      id="registre-numeros"
      aria-labelledby="numbers-register-title"
      className="scroll-mt-20 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:scroll-mt-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="numbers-register-title" className="text-lg font-semibold text-slate-900">
            Registre des numéros
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Chaque numéro de facture, d’avoir et de devis attribué dans l’année, dans l’ordre, avec son état :
            seuls les documents émis comptent dans vos chiffres et votre FEC.
          </p>
        </div>
        <Button
          variant="secondary"
          loading={csv.pending}
          aria-label="Télécharger le registre des numéros en CSV"
          onClick={() => void csv.run(year, registreNumerosFileName(year))}
        >
          {!csv.pending && <FileDown className="size-4" aria-hidden="true" />}
          CSV
        </Button>
      </div>
      <div className="w-32">
        <Field label="Année">
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
      <div aria-live="polite" aria-busy={register.isFetching || undefined}>
        {register.isPending ? (
          <LoadingStatus>Chargement du registre des numéros...</LoadingStatus>
        ) : register.isError ? (
          <LoadError message="Erreur lors du chargement du registre des numéros" query={register} />
        ) : register.data.entrees.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            Aucun numéro attribué en {register.data.annee}.
          </p>
        ) : (
          <div className="space-y-3">
            <p className="text-sm font-medium text-slate-800">{registerSentence(register.data.resume)}.</p>
            <NumbersRegisterCards register={register.data} />
            <NumbersRegisterTable register={register.data} />
          </div>
        )}
      </div>
    </section>
  );
}
