import { ACCOUNTS, JOURNALS } from './fec-entries.js';
import { FEC_COLUMNS } from './fec-format.js';

/**
 * The description LPF art. A47 A-1 (II) requires beside every FEC handed over: each zone's name and
 * meaning, the codes used as values, and the technical facts (character set, structure, separators).
 * Plain UTF-8 text, for a person; the yearly archive stores it next to the FEC.
 */

const ZONES: Record<(typeof FEC_COLUMNS)[number], string> = {
  JournalCode: 'code du journal (voir les codes ci-dessous)',
  JournalLib: 'libellé du journal',
  EcritureNum: 'numéro de l’écriture, continu (1, 2, 3…) dans chaque journal, dans l’ordre des dates',
  EcritureDate: 'date de comptabilisation (AAAAMMJJ) : date de la facture, ou du paiement reçu',
  CompteNum: 'numéro de compte du plan comptable général',
  CompteLib: 'libellé du compte',
  CompAuxNum: 'compte auxiliaire du client (C suivi du début de son identifiant), sur les lignes 411',
  CompAuxLib: 'nom du client',
  PieceRef: 'numéro de la pièce : numéro de la facture, de l’acompte ou de l’avoir (réglé, pour un paiement)',
  PieceDate: 'date de la pièce (AAAAMMJJ)',
  EcritureLib: 'libellé de l’écriture',
  Debit: 'montant au débit, en euros, virgule décimale, sans séparateur de milliers',
  Credit: 'montant au crédit, en euros, virgule décimale, sans séparateur de milliers',
  EcritureLet: 'lettrage : non utilisé (vide)',
  DateLet: 'date de lettrage : non utilisée (vide)',
  ValidDate: 'date de validation (AAAAMMJJ) : émission de la pièce, ou confirmation du paiement',
  Montantdevise: 'montant en devise : non utilisé, tout est en euros (vide)',
  Idevise: 'identifiant de la devise : non utilisé (vide)',
};

export function fecDescription(fileName: string, year: number): string {
  const journals = Object.values(JOURNALS).map((j) => `  ${j.code}\t${j.lib}`);
  const accounts = Object.values(ACCOUNTS).map((a) => `  ${a.num}\t${a.lib}`);
  return [
    `Description du fichier des écritures comptables ${fileName}`,
    `Exercice du 01/01/${year} au 31/12/${year} (article A47 A-1 du livre des procédures fiscales).`,
    '',
    'Informations techniques',
    '  Jeu de caractères : ISO 8859-15.',
    '  Structure : fichier à plat, mono-structure, enregistrements de longueur variable.',
    '  Séparateur de zone : tabulation. Séparateur d’enregistrement : retour chariot et fin de ligne (CR LF).',
    '  Première ligne : le nom des 18 zones.',
    '',
    'Zones, dans l’ordre',
    ...FEC_COLUMNS.map((name, i) => `  ${i + 1}. ${name} : ${ZONES[name]}`),
    '',
    'Codes des journaux',
    ...journals,
    '',
    'Comptes utilisés',
    ...accounts,
    '',
    'Écritures',
    '  La TVA est portée au 44571 quand elle devient exigible (CGI, art. 269, 2), et jusque-là au 4458 :',
    '  biens (et opérations mixtes) à la facture ; prestations de services à l’encaissement, sauf option pour',
    '  les débits (alors à la facture) ; acomptes à leur encaissement (à leur facture pour des services sur les',
    '  débits).',
    '  Facture : débit 411 (client) du TTC moins les acomptes déduits, débit 4191 du HT des acomptes déduits,',
    '  crédit 706 (prestations) ou 707 (marchandises) du HT, crédit 44571 ou 4458 de la TVA moins celle des',
    '  acomptes. Facture exigible à son émission : la TVA des acomptes déduits encore au 4458 passe au 44571.',
    '  Facture d’acompte : débit 411 du TTC, crédit 4191 du HT (soldé par la facture définitive), crédit 4458',
    '  (ou 44571) de la TVA.',
    '  Avoir : écriture inverse de la pièce qu’il corrige ; sa TVA est reprise au 4458 pour ce qui y reste de',
    '  la pièce corrigée, le reste au 44571.',
    '  Paiement reçu : débit 512 (530 pour les espèces, journal CA), crédit 411 (client) ; si la TVA de la',
    '  pièce réglée attend au 4458, virement au 44571 de sa part payée (arrondie au centime, le dernier',
    '  paiement prenant le reste).',
    '',
  ].join('\r\n');
}
