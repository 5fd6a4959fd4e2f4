import { UPCOMING_FEATURE_PATHS } from '@facturo/shared/public-pages';
import { FileCheck, Scale } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';

const LEGAL_MENTIONS = [
  '« TVA non applicable, art. 293 B du CGI » en franchise en base',
  "Pénalités de retard : trois fois le taux d'intérêt légal",
  'Indemnité forfaitaire de 40 € pour frais de recouvrement',
  'Votre SIRET, « EI » après votre nom, la date d’échéance',
];

const cardClasses = 'rounded-2xl border border-indigo-100 bg-indigo-50/60 p-6 sm:p-8';

/** What sets Facturo apart from a spreadsheet: the invoice format of the reform, and the law written in for you. */
export function StandoutFeatures() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <article className={cardClasses}>
        <FileCheck aria-hidden="true" className="size-8 text-indigo-700" />
        <h3 className="mt-4 text-xl font-semibold text-slate-900">
          Factur-X, prêt pour la réforme 2026–2027
        </h3>
        <p className="mt-3 text-slate-700">
          Chaque facture est un PDF/A-3 qui embarque ses données en XML au format européen EN 16931 : lisible
          par votre client, exploitable par son logiciel comptable, au format attendu par la réforme de la
          facturation électronique.
        </p>
        <p className="mt-4">
          <TextLink to={UPCOMING_FEATURE_PATHS['facturation-electronique']}>
            Comprendre la réforme et ce qui change pour vous
          </TextLink>
        </p>
      </article>
      <article className={cardClasses}>
        <Scale aria-hidden="true" className="size-8 text-indigo-700" />
        <h3 className="mt-4 text-xl font-semibold text-slate-900">Les mentions légales, gérées pour vous</h3>
        <p className="mt-3 text-slate-700">
          Plus besoin de chercher ce qu'une facture doit dire : Facturo imprime les mentions obligatoires.
        </p>
        <ul className="mt-3 space-y-1.5 text-slate-700">
          {LEGAL_MENTIONS.map((mention) => (
            <li key={mention} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-indigo-600" />
              {mention}
            </li>
          ))}
        </ul>
      </article>
    </div>
  );
}
