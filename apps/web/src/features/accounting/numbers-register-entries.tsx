import { formatEuros, type NumbersRegister, REGISTER_TYPE_LABELS, type RegisterEntry } from '@facturo/shared';
import { frenchDate } from './receipts-format';

const typeOf = (entry: RegisterEntry) => (entry.type ? REGISTER_TYPE_LABELS[entry.type] : '—');
const dateOf = (entry: RegisterEntry) => (entry.date ? frenchDate(entry.date) : '—');
const amountOf = (entry: RegisterEntry) => (entry.montantTtc === null ? '—' : formatEuros(entry.montantTtc));
const issuedOf = (entry: RegisterEntry) => (entry.emis ? 'Émis' : 'Non émis');

/** Every number as a table row, from 768 px (cards below); it scrolls sideways in its own region. */
export function NumbersRegisterTable({ register }: { register: NumbersRegister }) {
  return (
    <section
      className="hidden overflow-x-auto md:block rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      aria-labelledby="numbers-register-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus to scroll by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
    >
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption id="numbers-register-caption" className="sr-only">
          Registre des numéros {register.annee}
        </caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {['Numéro', 'Type', 'Date', 'Client', 'Montant TTC', 'État', 'Émis', 'Motif'].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {register.entrees.map((entry) => (
            <tr key={entry.numero} className="align-top">
              <th scope="row" className="px-3 py-1.5 font-medium whitespace-nowrap text-slate-900">
                {entry.numero}
              </th>
              <td className="px-3 py-1.5">{typeOf(entry)}</td>
              <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{dateOf(entry)}</td>
              <td className="px-3 py-1.5">{entry.client || '—'}</td>
              <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{amountOf(entry)}</td>
              <td className="px-3 py-1.5">{entry.etat}</td>
              <td className="px-3 py-1.5">{issuedOf(entry)}</td>
              <td className="px-3 py-1.5 text-slate-700">{entry.motifAnnulation ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Below 768 px: one card per number. */
export function NumbersRegisterCards({ register }: { register: NumbersRegister }) {
  return (
    <ul className="space-y-2 md:hidden" aria-label={`Registre des numéros ${register.annee}`}>
      {register.entrees.map((entry) => (
        <li key={entry.numero} className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold text-slate-900">{entry.numero}</span>
            <span className="text-slate-700">{entry.etat}</span>
          </div>
          <p className="mt-1 text-slate-600">
            {typeOf(entry)} · {dateOf(entry)} · {issuedOf(entry)}
          </p>
          {entry.client ? (
            <p className="text-slate-600">
              {entry.client} · <span className="tabular-nums">{amountOf(entry)}</span>
            </p>
          ) : null}
          {entry.motifAnnulation ? <p className="mt-1 text-slate-700">{entry.motifAnnulation}</p> : null}
        </li>
      ))}
    </ul>
  );
}
