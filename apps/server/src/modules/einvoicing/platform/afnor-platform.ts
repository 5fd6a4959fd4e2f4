import { AppError } from '../../../lib/errors.js';
import {
  directoryEntrySchema,
  type FlowInfoWire,
  flowFromWire,
  flowSchema,
  searchResultSchema,
  tokenSchema,
} from './afnor-wire.js';
import type {
  DirectoryEntry,
  EInvoicingPlatform,
  FlowInfo,
  FlowSyntax,
  SubmitFlowInput,
} from './einvoicing-platform.js';

export interface AfnorPlatformOptions {
  label: string;
  /** The Flow Service's base (…/flow-service); paths /v1/flows… are appended. */
  baseUrl: string;
  /** The Directory Service's base; the test platform serves both under one base. */
  directoryUrl?: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per request; a platform slower than this is taken for unavailable (the job retries later). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** A token is renewed this long before the platform said it expires (clocks and transit). */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Tokens per (token URL, client): a platform object is made per job or request (platformFor), the token
 * outlives it so that each job does not ask for a new one.
 */
const tokens = new Map<string, { value: string; expiresAt: number }>();

const UNAVAILABLE = 'La plateforme de facturation électronique est injoignable. Nouvel essai plus tard.';

/**
 * Issue 19: an approved platform (PA) through the AFNOR XP Z12-013 API: OAuth2 client credentials (the
 * token kept until shortly before it expires, renewed once on a 401), the Flow Service and the Directory
 * Service. The built-in test platform speaks the same API, so it is reached through this class too.
 * Network failures, timeouts and 5xx are 503 platform_unavailable (worth retrying); other refusals are
 * 422 platform_refused (retrying the same request would not help).
 */
export class AfnorPlatform implements EInvoicingPlatform {
  readonly label: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: AfnorPlatformOptions) {
    this.label = options.label;
    this.fetch = options.fetch ?? fetch;
  }

  async submitFlow(input: SubmitFlowInput): Promise<{ flowId: string }> {
    const flowInfo: FlowInfoWire = {
      trackingId: input.idempotencyKey,
      name: input.name,
      flowSyntax: input.syntax,
      sha256: input.sha256,
      ...(input.processingRule ? { processingRule: input.processingRule } : {}),
    };
    const response = await this.call('POST', this.flowUrl('/v1/flows'), () => {
      // A fresh body per try: a FormData is read once.
      const form = new FormData();
      form.append('flowInfo', new Blob([JSON.stringify(flowInfo)], { type: 'application/json' }));
      form.append('file', new Blob([new Uint8Array(input.content)]), input.name);
      return form;
    });
    return { flowId: flowSchema.parse(await this.json(response)).flowId };
  }

  async getFlow(flowId: string): Promise<FlowInfo> {
    const response = await this.call('GET', this.flowUrl(`/v1/flows/${encodeURIComponent(flowId)}`));
    return flowFromWire(this.parse(flowSchema, await this.json(response)));
  }

  async downloadFlow(flowId: string): Promise<{ content: Buffer; syntax: FlowSyntax; name: string }> {
    const info = await this.getFlow(flowId);
    const response = await this.call(
      'GET',
      this.flowUrl(`/v1/flows/${encodeURIComponent(flowId)}?docType=Original`),
    );
    return { content: Buffer.from(await response.arrayBuffer()), syntax: info.syntax, name: info.name };
  }

  async searchFlows(query: { updatedAfter?: Date; direction?: 'In' | 'Out' }): Promise<FlowInfo[]> {
    const body = {
      where: {
        ...(query.updatedAfter ? { updatedAfter: query.updatedAfter.toISOString() } : {}),
        ...(query.direction ? { flowDirection: [query.direction] } : {}),
      },
      limit: 100,
    };
    const response = await this.call('POST', this.flowUrl('/v1/flows/search'), () => JSON.stringify(body));
    return this.parse(searchResultSchema, await this.json(response)).results.map(flowFromWire);
  }

  async lookupDirectory(query: { siren: string } | { siret: string }): Promise<DirectoryEntry | null> {
    const path =
      'siren' in query
        ? `/v1/siren/code-insee:${encodeURIComponent(query.siren)}`
        : `/v1/siret/code-insee:${encodeURIComponent(query.siret)}`;
    const base = this.options.directoryUrl ?? this.options.baseUrl;
    const response = await this.call('GET', `${base}${path}`, undefined, [404]);
    if (response.status === 404) return null;
    const entry = this.parse(directoryEntrySchema, await this.json(response));
    return {
      siren: entry.siren,
      siret: entry.siret,
      nom: entry.businessName,
      peutRecevoir: entry.receives,
      plateforme: entry.platformName,
      adresse: entry.routingAddress,
    };
  }

  private flowUrl(path: string): string {
    return `${this.options.baseUrl}${path}`;
  }

  /** One request with a bearer token; on a 401 the token is renewed and the request sent once more. */
  private async call(
    method: 'GET' | 'POST',
    url: string,
    body?: () => string | FormData,
    accepted: number[] = [],
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const payload = body?.();
      const response = await this.send(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload === undefined ? {} : { body: payload }),
      });
      if (response.status === 401 && attempt === 0) {
        await response.body?.cancel();
        continue;
      }
      if (response.ok || accepted.includes(response.status)) return response;
      throw await this.refusal(response);
    }
  }

  private async accessToken(renew: boolean): Promise<string> {
    const key = `${this.options.tokenUrl}\u0000${this.options.clientId}`;
    const cached = tokens.get(key);
    if (!renew && cached && cached.expiresAt > Date.now()) return cached.value;
    const response = await this.send(this.options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      }).toString(),
    });
    if (!response.ok) throw await this.refusal(response, 'Identifiants de la plateforme refusés.');
    const token = this.parse(tokenSchema, await this.json(response));
    const lifetimeMs = (token.expires_in ?? 300) * 1000;
    tokens.set(key, { value: token.access_token, expiresAt: Date.now() + lifetimeMs - EXPIRY_MARGIN_MS });
    return token.access_token;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch {
      throw new AppError(503, 'platform_unavailable', UNAVAILABLE);
    }
  }

  private async refusal(response: Response, fallback?: string): Promise<AppError> {
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429 || response.status === 408) {
      return new AppError(503, 'platform_unavailable', UNAVAILABLE);
    }
    const detail = platformMessage(text);
    return new AppError(
      422,
      'platform_refused',
      fallback && response.status === 401
        ? fallback
        : `La plateforme a refusé la demande (${response.status})${detail ? ` : ${detail}` : '.'}`,
    );
  }

  private async json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new AppError(503, 'platform_unavailable', 'Réponse illisible de la plateforme.');
    }
  }

  private parse<T>(
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
    value: unknown,
  ): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new AppError(503, 'platform_unavailable', 'Réponse inattendue de la plateforme.');
    return parsed.data;
  }
}

/** The platform's own words, when its error body has a message (kept short: it reaches the user). */
function platformMessage(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message.slice(0, 300);
    }
  } catch {
    // Not JSON: no detail.
  }
  return null;
}
