import { type NumbersRegister, REGISTER_TYPE_LABELS } from '@facturo/shared';
import { frenchCsv, frenchDay } from '../../lib/french-csv.js';

const HEADER = [
  'Numéro',
  'Série',
  'Type',
  'Date',
  'Client',
  'Montant TTC',
  'État',
  'Émis',
  'Motif d’annulation',
];

/** The register as a French spreadsheet reads it (lib/french-csv.ts): one line per number, in order. */
export function registerCsv(register: NumbersRegister): Buffer {
  return frenchCsv(
    HEADER,
    register.entrees.map((entry) => [
      entry.numero,
      entry.serie,
      entry.type ? REGISTER_TYPE_LABELS[entry.type] : '',
      entry.date ? frenchDay(entry.date) : '',
      entry.client,
      entry.montantTtc === null ? '' : entry.montantTtc.toFixed(2).replace('.', ','),
      entry.etat,
      entry.emis ? 'oui' : 'non',
      entry.motifAnnulation,
    ]),
  );
}
