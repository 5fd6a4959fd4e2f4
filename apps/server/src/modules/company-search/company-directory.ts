import {
  COMPANY_SEARCH_MAX_RESULTS,
  COMPANY_SEARCH_MESSAGES,
  type Company,
  frenchVatNumber,
} from '@facturo/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';

/** Long enough for the public API on a slow day, short enough for a person typing in a form. */
export const COMPANY_SEARCH_TIMEOUT_MS = 5_000;

const unavailable = () =>
  new AppError(503, 'company_search_unavailable', COMPANY_SEARCH_MESSAGES.unavailable);

const text = z.string().nullish();

/**
 * The part of the « API Recherche d'entreprises » answer (GET /search) that Facturo reads; every other
 * field is ignored so that the service can add some without breaking us.
 */
const directoryAnswerSchema = z.object({
  results: z.array(
    z.object({
      siren: z.string().regex(/^\d{9}$/),
      nom_complet: text,
      nom_raison_sociale: text,
      activite_principale: text,
      siege: z
        .object({
          siret: text,
          adresse: text,
          numero_voie: text,
          indice_repetition: text,
          type_voie: text,
          libelle_voie: text,
          complement_adresse: text,
          code_postal: text,
          libelle_commune: text,
          activite_principale: text,
        })
        .nullish(),
    }),
  ),
});
type DirectoryCompany = z.infer<typeof directoryAnswerSchema>['results'][number];

/** Asks the directory at `baseUrl`; unreachable, slow, refusing or answering nonsense → 503. */
export async function searchDirectory(baseUrl: string, q: string): Promise<Company[]> {
  const url = new URL(`${baseUrl}/search`);
  url.searchParams.set('q', q);
  url.searchParams.set('page', '1');
  url.searchParams.set('per_page', String(COMPANY_SEARCH_MAX_RESULTS));
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(COMPANY_SEARCH_TIMEOUT_MS),
    });
    if (!response.ok) throw unavailable();
    body = await response.json();
  } catch {
    throw unavailable();
  }
  const parsed = directoryAnswerSchema.safeParse(body);
  if (!parsed.success) throw unavailable();
  return parsed.data.results.slice(0, COMPANY_SEARCH_MAX_RESULTS).map(toCompany);
}

function toCompany(found: DirectoryCompany): Company {
  const siege = found.siege ?? {};
  const siret = siege.siret && /^\d{14}$/.test(siege.siret) ? siege.siret : null;
  return {
    nom: (found.nom_raison_sociale || found.nom_complet || found.siren).trim(),
    siren: found.siren,
    siret,
    adresse: streetLine(siege),
    codePostal: siege.code_postal ?? '',
    ville: siege.libelle_commune ?? '',
    numeroTva: frenchVatNumber(found.siren),
    activite: siege.activite_principale || found.activite_principale || null,
  };
}

/**
 * The client form has one street line: built from the parts when the directory gives them, else the full
 * address without its postcode and city (which have their own fields).
 */
function streetLine(siege: NonNullable<DirectoryCompany['siege']>): string {
  const parts = [siege.numero_voie, siege.indice_repetition, siege.type_voie, siege.libelle_voie]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  if (parts) return [siege.complement_adresse, parts].filter(Boolean).join(', ').slice(0, 200);
  const full = siege.adresse ?? '';
  const cut = siege.code_postal ? full.indexOf(siege.code_postal) : -1;
  return (cut > 0 ? full.slice(0, cut) : full).trim().slice(0, 200);
}
