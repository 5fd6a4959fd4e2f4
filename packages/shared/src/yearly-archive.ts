/**
 * Issue 18: the yearly archive (one ZIP per year of the issued documents, the receipts book, the FEC and
 * the journal with its verification), built by a job. The contract between the server's archives module
 * and the web's exports section.
 */
import { z } from 'zod';

export const ARCHIVE_STATUSES = ['en_attente', 'en_cours', 'prete', 'echec'] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

export const ARCHIVE_STATUS_LABELS: Record<ArchiveStatus, string> = {
  en_attente: 'En attente',
  en_cours: 'En cours',
  prete: 'Prête',
  echec: 'Échec',
};

/** The first year an archive may be asked for: none of Facturo's documents is older. */
export const ARCHIVE_FIRST_YEAR = 2000;

export const ARCHIVE_MESSAGES = {
  badYear: 'Choisissez une année valide.',
  futureYear: 'Cette année n’est pas encore commencée : choisissez une année passée ou l’année en cours.',
  notFound: 'Archive introuvable.',
  notReady: 'Cette archive n’est pas encore prête.',
  failed: 'La préparation de l’archive a échoué. Relancez-la ; si l’échec se répète, écrivez au support.',
  interrupted: 'La préparation de l’archive a été interrompue. Relancez-la.',
} as const;

/** POST /archives: the year to archive (Paris calendar). */
export const createArchiveRequestSchema = z.object({
  annee: z
    .number({ error: ARCHIVE_MESSAGES.badYear })
    .int(ARCHIVE_MESSAGES.badYear)
    .min(ARCHIVE_FIRST_YEAR, ARCHIVE_MESSAGES.badYear)
    .max(9999, ARCHIVE_MESSAGES.badYear),
});
export type CreateArchiveRequest = z.infer<typeof createArchiveRequestSchema>;

/** An archive as the API shows it (never its bytes: GET /archives/{id}/telechargement serves them). */
export const yearlyArchiveSchema = z.object({
  id: z.string(),
  annee: z.number(),
  statut: z.enum(ARCHIVE_STATUSES),
  /** Steps done out of `total` (each document, then each book): the progress bar. */
  fait: z.number(),
  total: z.number(),
  /** Hex SHA-256 of the ZIP, once ready. */
  sha256: z.string().nullable(),
  /** The ZIP's size in bytes, once ready. */
  taille: z.number().nullable(),
  /** Why it failed, in French. */
  erreur: z.string().nullable(),
  creeLe: z.string(),
  majLe: z.string(),
});
export type YearlyArchive = z.infer<typeof yearlyArchiveSchema>;

/** The live event `archive.progress`: what the progress bar needs, without a round trip. */
export const archiveProgressEventSchema = z.object({
  archiveId: z.string(),
  annee: z.number(),
  statut: z.enum(ARCHIVE_STATUSES),
  fait: z.number(),
  total: z.number(),
});
export type ArchiveProgressEvent = z.infer<typeof archiveProgressEventSchema>;

/** The ZIP's file name. */
export function archiveFileName(year: number): string {
  return `facturo-archive-${year}.zip`;
}
