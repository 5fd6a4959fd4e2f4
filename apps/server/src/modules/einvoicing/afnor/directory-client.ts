import createClient, { type Client } from 'openapi-fetch';
import type { DirectoryEntry } from '../platform/einvoicing-platform.js';
import { readAnswer } from './contract-check.js';
import type { components, paths } from './generated/directory-service.js';
import { type PlatformLog, platformRefusal, unexpectedAnswer } from './platform-errors.js';

type DirectoryLine = components['schemas']['directoryLinePayloadStatusLegalUnitFacilityRoutingCode'];

/** Directory lines asked at once: a company has a few (its SIREN, some SIRETs, some routing codes). */
const LINES_LIMIT = 100;

/** The Directory Service of XP Z12-013 (annex B), typed by its generated types. */
export class DirectoryServiceClient {
  private readonly client: Client<paths>;

  constructor(
    baseUrl: string,
    fetch: (request: Request) => Promise<Response>,
    private readonly log?: PlatformLog,
  ) {
    this.client = createClient<paths>({ baseUrl, fetch, headers: { accept: 'application/json' } });
  }

  /**
   * The company (GET /v1/siren/code-insee:{siren}) or its establishment (GET /v1/siret/code-insee:{siret});
   * a 404 means the directory does not know it (null). Then where it receives: its directory lines.
   */
  async lookup(query: { siren: string } | { siret: string }): Promise<DirectoryEntry | null> {
    const found = 'siren' in query ? await this.company(query.siren) : await this.facility(query.siret);
    if (!found) return null;
    const siret = 'siret' in query ? query.siret : null;
    // The establishment's own line first (filtered by SIREN and SIRET), else the company's (by SIREN).
    const line =
      (siret ? receivingLine(await this.lines(found.siren, siret), siret) : null) ??
      receivingLine(await this.lines(found.siren, null), siret);
    return {
      siren: found.siren,
      siret,
      nom: found.nom,
      peutRecevoir: line?.directoryLineStatus === 'Enabled',
      plateforme: line?.platformType ?? null,
      adresse: line?.addressingIdentifier ?? null,
      statutLigne: line?.directoryLineStatus ?? null,
    };
  }

  /** GET /v1/healthcheck: the HTTP status (200 when the service is up). */
  async health(): Promise<number> {
    const { response } = await this.client.GET('/v1/healthcheck', { parseAs: 'text' });
    return response.status;
  }

  private async company(siren: string): Promise<{ siren: string; nom: string } | null> {
    const { data, error, response } = await readAnswer(
      () => this.client.GET('/v1/siren/code-insee:{siren}', { params: { path: { siren } } }),
      'getCompanyBySiren',
      this.log,
    );
    if (response.status === 404) return null;
    if (!response.ok) throw platformRefusal('annuaire', response.status, error);
    if (!data || typeof data !== 'object') throw unexpectedAnswer(this.log, 'getCompanyBySiren', '(corps)');
    return { siren, nom: textOr(data.businessName, '') };
  }

  private async facility(siret: string): Promise<{ siren: string; nom: string } | null> {
    const { data, error, response } = await readAnswer(
      () =>
        this.client.GET('/v1/siret/code-insee:{siret}', {
          params: { path: { siret }, query: { include: ['siren'] } },
        }),
      'getFacilityBySiret',
      this.log,
    );
    if (response.status === 404) return null;
    if (!response.ok) throw platformRefusal('annuaire', response.status, error);
    if (!data || typeof data !== 'object') throw unexpectedAnswer(this.log, 'getFacilityBySiret', '(corps)');
    // The SIREN is the SIRET's first nine digits; the legal unit's name when included, else the facility's.
    return {
      siren: textOr(data.siren, siret.slice(0, 9)),
      nom: textOr(data.legalUnit?.businessName, textOr(data.name, '')),
    };
  }

  /**
   * POST /v1/directory-line/search by SIREN, and SIRET when given: the lines of the establishment, or of
   * the whole company (SIREN, SIRET and routing code levels). No line: a 404 or an empty list.
   */
  private async lines(siren: string, siret: string | null): Promise<DirectoryLine[]> {
    const filters = {
      siren: { op: 'strict' as const, value: siren },
      ...(siret ? { siret: { op: 'strict' as const, value: siret } } : {}),
    };
    const { data, error, response } = await readAnswer(
      () => this.client.POST('/v1/directory-line/search', { body: { filters, limit: LINES_LIMIT } }),
      'searchDirectoryLine',
      this.log,
    );
    if (response.status === 404) return [];
    if (!response.ok) throw platformRefusal('annuaire', response.status, error);
    if (!data || typeof data !== 'object' || (data.results !== undefined && !Array.isArray(data.results))) {
      throw unexpectedAnswer(this.log, 'searchDirectoryLine', 'results');
    }
    return (data.results ?? []).filter((line) => !line.siren || line.siren === siren);
  }
}

/**
 * The line that says where invoices to this company (or establishment) go: the establishment's own line
 * first, else the company's (no SIRET); never a routing code's (a service within it). Among them an
 * Enabled line, else an Upcoming one (chosen, not yet receiving), else any.
 */
function receivingLine(lines: DirectoryLine[], siret: string | null): DirectoryLine | null {
  const general = lines.filter((line) => !line.routingIdentifier && !line.routingCode);
  const own = siret ? general.filter((line) => line.siret === siret) : [];
  const company = general.filter((line) => !line.siret);
  // Asked by SIREN with only establishment lines: any of them says the company receives.
  const candidates = own.length > 0 ? own : company.length > 0 || siret ? company : general;
  for (const status of ['Enabled', 'Upcoming', 'Disabled'] as const) {
    const line = candidates.find((candidate) => candidate.directoryLineStatus === status);
    if (line) return line;
  }
  return candidates[0] ?? null;
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}
