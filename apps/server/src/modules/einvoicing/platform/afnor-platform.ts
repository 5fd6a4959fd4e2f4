import { DirectoryServiceClient } from '../afnor/directory-client.js';
import { FlowServiceClient } from '../afnor/flow-client.js';
import type { PlatformLog } from '../afnor/platform-errors.js';
import { platformFetch } from '../afnor/platform-fetch.js';
import { accessToken, type ClientAuth, type TokenOptions } from '../afnor/token.js';
import type {
  ConnectionCheck,
  DirectoryEntry,
  EInvoicingPlatform,
  FlowDirection,
  FlowInfo,
  FlowSyntax,
  RegisteredWebhook,
  SubmitFlowInput,
} from './einvoicing-platform.js';

export interface AfnorPlatformOptions {
  label: string;
  /** The Flow Service's base URL (the document's server, …/flow-service): /v1/flows… are appended. */
  baseUrl: string;
  /** The Directory Service's base URL (…/directory-service). */
  directoryUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** How the secret reaches the token endpoint: HTTP Basic, or in the form body (the default). */
  clientAuth?: ClientAuth;
  /** Per request; a platform slower than this is taken for unavailable (the job retries later). */
  timeoutMs?: number;
  /** Tries of an idempotent read when the platform is down or busy (default 3). */
  readTries?: number;
  /** First wait before a read is tried again, doubled at each try (default 250 ms). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  log?: PlatformLog;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * An approved platform (PA) through AFNOR XP Z12-013, exactly as its two OpenAPI documents say: OAuth2
 * client credentials, the Flow Service and the Directory Service, each a typed client (openapi-fetch over
 * the generated types). The built-in test platform speaks the same standard and is reached through this
 * class too. A platform that is down, busy or slow is 503 platform_unavailable (retried); a 4xx is 422
 * platform_refused with the platform's own words (retrying the same request would not help).
 */
export class AfnorPlatform implements EInvoicingPlatform {
  readonly label: string;
  private readonly token: TokenOptions;
  private readonly flows: FlowServiceClient;
  private readonly directory: DirectoryServiceClient;

  constructor(options: AfnorPlatformOptions) {
    this.label = options.label;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.token = {
      tokenUrl: options.tokenUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      clientAuth: options.clientAuth ?? 'corps',
      timeoutMs,
      fetch: options.fetch ?? fetch,
      ...(options.log ? { log: options.log } : {}),
    };
    const send = platformFetch({
      token: this.token,
      timeoutMs,
      readTries: options.readTries ?? 3,
      retryDelayMs: options.retryDelayMs ?? 250,
    });
    this.flows = new FlowServiceClient(options.baseUrl, send, options.log);
    this.directory = new DirectoryServiceClient(options.directoryUrl, send, options.log);
  }

  submitFlow(input: SubmitFlowInput): Promise<{ flowId: string; submittedAt: string }> {
    return this.flows.submit(input);
  }

  getFlow(flowId: string): Promise<FlowInfo> {
    return this.flows.get(flowId);
  }

  async downloadFlow(flowId: string): Promise<{ content: Buffer; syntax: FlowSyntax; name: string }> {
    const info = await this.flows.get(flowId);
    return { content: await this.flows.original(flowId), syntax: info.syntax, name: info.name };
  }

  searchFlows(query: {
    updatedAfter?: Date;
    direction?: FlowDirection;
    trackingId?: string;
  }): Promise<FlowInfo[]> {
    return this.flows.search(query);
  }

  lookupDirectory(query: { siren: string } | { siret: string }): Promise<DirectoryEntry | null> {
    return this.directory.lookup(query);
  }

  registerWebhook(callbackUrl: string): Promise<RegisteredWebhook> {
    return this.flows.registerWebhook(callbackUrl);
  }

  deleteWebhook(webhookId: string): Promise<void> {
    return this.flows.deleteWebhook(webhookId);
  }

  /** A new token (the credentials as they are now), then each service's health check, said apart. */
  async checkConnection(): Promise<ConnectionCheck> {
    try {
      await accessToken(this.token, true);
    } catch (error) {
      const skipped = { ok: false, message: 'Non vérifié : aucun jeton n’a été obtenu.' };
      return { jeton: { ok: false, message: reason(error) }, flux: skipped, annuaire: skipped };
    }
    const [flux, annuaire] = await Promise.all([
      health(() => this.flows.health(), 'service des flux'),
      health(() => this.directory.health(), 'service d’annuaire'),
    ]);
    return { jeton: { ok: true }, flux, annuaire };
  }
}

async function health(
  check: () => Promise<number>,
  service: string,
): Promise<{ ok: boolean; message?: string }> {
  try {
    const status = await check();
    if (status === 200) return { ok: true };
    return { ok: false, message: `Le ${service} répond ${status} à GET /v1/healthcheck.` };
  } catch (error) {
    return { ok: false, message: `Le ${service} ne répond pas : ${reason(error)}` };
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
