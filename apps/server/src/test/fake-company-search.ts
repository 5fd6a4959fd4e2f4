import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake directory received. */
export interface DirectoryCall {
  path: string;
  query: URLSearchParams;
}

/** What the fake answers: a status and a JSON body, or `hang` to never answer (the caller's timeout). */
export type DirectoryReply = { status: number; json: unknown } | 'hang';

/**
 * A local stand-in for the « API Recherche d'entreprises » (GET /search): real HTTP on 127.0.0.1, answers
 * chosen by the test, calls recorded. The tests and the e2e server point COMPANY_SEARCH_URL at it.
 */
export interface FakeCompanySearch {
  url: string;
  calls: DirectoryCall[];
  answer(reply: (call: DirectoryCall) => DirectoryReply): void;
  close(): Promise<void>;
}

export async function startFakeCompanySearch(
  reply: (call: DirectoryCall) => DirectoryReply = (call) => ({
    status: 200,
    json: directoryAnswer(call.query.get('q') ?? ''),
  }),
): Promise<FakeCompanySearch> {
  let current = reply;
  const calls: DirectoryCall[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const call = { path: url.pathname, query: url.searchParams };
    calls.push(call);
    const answer =
      url.pathname === '/search' ? current(call) : { status: 404, json: { erreur: 'Not found' } };
    if (answer === 'hang') return;
    response.statusCode = answer.status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answer(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An answer of the real API's shape (results with siren, nom_complet, nom_raison_sociale, siege {siret,
 * adresse, numero_voie, type_voie, libelle_voie, code_postal, libelle_commune, activite_principale…},
 * total_results, page, per_page, total_pages): two companies whose name carries the query.
 */
export function directoryAnswer(q: string): unknown {
  const name = q.toUpperCase();
  return {
    results: [
      {
        siren: '356000000',
        nom_complet: `${name} (LA POSTE)`,
        nom_raison_sociale: name,
        sigle: null,
        nombre_etablissements: 12,
        nombre_etablissements_ouverts: 10,
        activite_principale: '53.10Z',
        categorie_entreprise: 'GE',
        etat_administratif: 'A',
        nature_juridique: '5510',
        section_activite_principale: 'H',
        siege: {
          activite_principale: '53.10Z',
          adresse: '9 RUE DU COLONEL PIERRE AVIA 75015 PARIS',
          code_postal: '75015',
          commune: '75115',
          complement_adresse: null,
          est_siege: true,
          etat_administratif: 'A',
          indice_repetition: null,
          libelle_commune: 'PARIS',
          libelle_voie: 'DU COLONEL PIERRE AVIA',
          numero_voie: '9',
          siret: '35600000000048',
          type_voie: 'RUE',
        },
        matching_etablissements: [],
        finances: {},
        complements: { est_entrepreneur_individuel: false },
      },
      {
        siren: '552032534',
        nom_complet: `${name} INDUSTRIES`,
        nom_raison_sociale: null,
        activite_principale: '29.10Z',
        etat_administratif: 'A',
        siege: {
          activite_principale: null,
          adresse: '13 AVENUE DU PONT 92100 BOULOGNE-BILLANCOURT',
          code_postal: '92100',
          libelle_commune: 'BOULOGNE-BILLANCOURT',
          siret: '55203253400646',
        },
      },
    ],
    total_results: 2,
    page: 1,
    per_page: 10,
    total_pages: 1,
  };
}
