import { createHash } from 'node:crypto';

/** One file of the archive, as LISEZMOI.txt lists it. */
export interface ArchivedFile {
  name: string;
  /** Hex SHA-256 of its bytes, taken as it was added. */
  sha256: string;
}

export interface ReadmeFacts {
  year: number;
  issuer: string;
  siret: string | null;
  builtAt: Date;
  documents: number;
  receiptsBook: string;
  purchasesRegister: string;
  /** The numbers register's file and its count: « N numéros attribués, dont M émis, K brouillons, L annulés ». */
  numbersRegister: { file: string; sentence: string };
  /** The FEC and its description; null without a SIRET (the FEC is named after the SIREN). */
  fec: { file: string; description: string } | null;
  journalEntries: number;
}

export const README_NAME = 'LISEZMOI.txt';

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'long',
  timeStyle: 'short',
});

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * LISEZMOI.txt: what the archive holds, in French, then every other file's SHA-256 in the format of
 * `sha256sum` (« empreinte  nom »), so that `sha256sum -c` run on its last lines checks the copies.
 */
export function readme(facts: ReadmeFacts, files: readonly ArchivedFile[]): Buffer {
  const lines = [
    `Archive Facturo de l’année ${facts.year}`,
    `Émetteur : ${facts.issuer}${facts.siret ? ` (SIRET ${facts.siret})` : ''}`,
    `Préparée le ${parisDateTime.format(facts.builtAt)} (heure de Paris)`,
    '',
    'Contenu',
    `- factures/ : les ${facts.documents} documents émis en ${facts.year} (factures, factures d’acompte, avoirs),`,
    '  chacun dans son PDF original, conservé tel qu’il a été émis, octet pour octet.',
    `- ${facts.receiptsBook} : le livre des recettes de l’année (UTF-8, séparateur « ; »).`,
    `- ${facts.purchasesRegister} : le registre des achats de l’année (même format).`,
    `- ${facts.numbersRegister.file} : le registre des numéros de l’année (même format) :`,
    `  ${facts.numbersRegister.sentence}. Seuls les documents émis figurent dans factures/ ;`,
    '  chaque numéro non émis y est expliqué (brouillon jamais envoyé, ou annulé et pourquoi).',
    ...(facts.fec
      ? [
          `- ${facts.fec.file} : le fichier des écritures comptables (FEC, article A47 A-1 du LPF), en ISO 8859-15,`,
          `  et ${facts.fec.description} : sa description (zones, codes, jeu de caractères).`,
        ]
      : [
          '- Pas de FEC : il porte le SIREN de l’entreprise, et votre profil n’a pas de numéro SIRET.',
          '  Renseignez-le dans « Mon profil », puis préparez de nouveau l’archive.',
        ]),
    `- journal.json : le journal inaltérable de vos documents, ${facts.journalEntries} entrées chaînées par`,
    '  SHA-256 (chaque empreinte porte sur l’empreinte précédente, un saut de ligne et le contenu).',
    '- verification-journal.json : la vérification de cette chaîne au moment de la préparation.',
    '',
    'Empreintes SHA-256 (vérifiables avec « sha256sum -c ») :',
    ...files.map((file) => `${file.sha256}  ${file.name}`),
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}
