import type { AppContext } from '../../../context.js';
import type { RoutingAddress } from '../routing/routing-account.js';
import type { OperationHandler } from './test-platform-answer.js';
import { addressOfIdentifier, type Listed, listed } from './test-platform-directory.js';
import { badRequest, notFound } from './test-platform-errors.js';

interface StrictFilter {
  op?: string;
  value?: string;
}
interface SearchBody {
  filters?: Record<string, StrictFilter | undefined>;
}

/**
 * The Directory Service's operations (XP Z12-013 directory-service 1.3.0), by operationId, answered from
 * this instance's professionals. Searches take the identifiers (siren, siret, addressingIdentifier) with
 * the strict operator; routing codes are not used here (no SIRET of this instance has one).
 */
export function directoryServiceHandlers(ctx: Pick<AppContext, 'db'>): Record<string, OperationHandler> {
  const find = async (address: RoutingAddress | null): Promise<Listed | null> =>
    address ? listed(ctx, address) : null;
  const search = async (body: unknown, pick: (found: Listed) => unknown) => {
    const found = await find(searchedAddress(body as SearchBody));
    const results = found ? [pick(found)] : [];
    return { status: 200, body: { search: body, totalNumberOfResults: results.length, results } };
  };
  return {
    getHealth: async () => ({ status: 200 }),

    getCompanyBySiren: async ({ params }) => {
      const found = await find({ siren: params.siren ?? '' });
      if (!found) throw notFound('SIREN');
      return { status: 200, body: found.legalUnit };
    },

    getFacilityBySiret: async ({ params, query }) => {
      const found = await find({ siret: params.siret ?? '' });
      if (!found) throw notFound('SIRET');
      const include = listOf(query.include);
      return {
        status: 200,
        body: { ...found.facility, ...(include.includes('siren') ? { legalUnit: found.legalUnit } : {}) },
      };
    },

    getDirectoryLineById: async ({ params }) => {
      const found = await find(addressOfIdentifier(params['addressing-identifier'] ?? ''));
      if (!found) throw notFound('Ligne d’annuaire');
      return { status: 200, body: found.line };
    },

    getRoutingCodeBySiretAndId: async () => {
      throw notFound('Code de routage');
    },

    searchRoutingCode: async ({ body }) => ({
      status: 200,
      body: { search: body, totalNumberOfResults: 0, results: [] },
    }),

    searchCompanyBySiren: ({ body }) => search(body, (found) => found.legalUnit),
    searchFacilityBySiret: ({ body }) => search(body, (found) => found.facility),
    searchDirectoryLine: ({ body }) => search(body, (found) => found.line),
  };
}

/** The one identifier a search gives with the strict operator (the only searches this directory serves). */
function searchedAddress(body: SearchBody): RoutingAddress | null {
  const filters = body.filters ?? {};
  const strict = (name: string) => {
    const filter = filters[name];
    return filter?.value && (filter.op ?? 'strict') === 'strict' ? filter.value : null;
  };
  const identifier = strict('addressingIdentifier');
  if (identifier) return addressOfIdentifier(identifier);
  const siret = strict('siret');
  if (siret) return { siret };
  const siren = strict('siren');
  if (siren) return { siren };
  throw badRequest('Recherche par siren, siret ou addressingIdentifier (opérateur strict) attendue.');
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(',') : [];
}
