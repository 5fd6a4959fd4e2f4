import createClient, { type Client } from 'openapi-fetch';
import {
  FLOW_SYNTAXES,
  type FlowDirection,
  type FlowInfo,
  type FlowSyntax,
  type RegisteredWebhook,
  type SubmitFlowInput,
} from '../platform/einvoicing-platform.js';
import { readAnswer, requireStrings } from './contract-check.js';
import type { components, paths } from './generated/flow-service.js';
import { type PlatformLog, platformRefusal, unexpectedAnswer } from './platform-errors.js';

type Flow = components['schemas']['Flow'];
type SearchFlowFilters = components['schemas']['SearchFlowFilters'];

/** The standard's page size maximum (Limit). */
const PAGE_SIZE = 100;
/** A platform that keeps giving cursors is stopped there rather than read forever. */
const MAX_PAGES = 1000;
/** Fields of a Flow the client reads and the standard requires. */
const FLOW_FIELDS = [
  'flowId',
  'name',
  'flowSyntax',
  'flowDirection',
  'flowType',
  'submittedAt',
  'updatedAt',
] as const;

/** The part's content type by syntax (the document's encoding: application/pdf or application/xml). */
export function contentTypeOf(syntax: FlowSyntax): 'application/pdf' | 'application/xml' {
  return syntax === 'Factur-X' ? 'application/pdf' : 'application/xml';
}

/** The Flow Service of XP Z12-013 (annex A), typed by its generated types. */
export class FlowServiceClient {
  private readonly client: Client<paths>;

  constructor(
    baseUrl: string,
    fetch: (request: Request) => Promise<Response>,
    private readonly log?: PlatformLog,
  ) {
    // Metadata and every other answer are JSON; the file of a flow asks for its bytes (original()).
    this.client = createClient<paths>({ baseUrl, fetch, headers: { accept: 'application/json' } });
  }

  /** POST /v1/flows (multipart: flowInfo as JSON, the file with its content type); 202 FullFlowInfo. */
  async submit(input: SubmitFlowInput): Promise<{ flowId: string; submittedAt: string }> {
    const flowInfo: components['schemas']['FlowInfo'] = {
      trackingId: input.trackingId,
      name: input.name,
      flowSyntax: input.syntax,
      sha256: input.sha256,
      ...(input.processingRule ? { processingRule: input.processingRule } : {}),
    };
    const { data, error, response } = await readAnswer(
      () =>
        this.client.POST('/v1/flows', {
          // The generated type has the file as a string (format binary); the serializer puts the bytes.
          body: { flowInfo, file: input.name },
          bodySerializer: () => {
            const form = new FormData();
            form.append('flowInfo', new Blob([JSON.stringify(flowInfo)], { type: 'application/json' }));
            form.append(
              'file',
              new Blob([new Uint8Array(input.content)], { type: contentTypeOf(input.syntax) }),
              input.name,
            );
            return form;
          },
        }),
      'createFlow',
      this.log,
    );
    if (!response.ok) throw platformRefusal('envoi', response.status, error);
    const full = requireStrings(data, ['flowId', 'submittedAt'], 'createFlow', this.log);
    return { flowId: full.flowId, submittedAt: full.submittedAt };
  }

  /** GET /v1/flows/{flowId} (docType Metadata, the default). */
  async get(flowId: string): Promise<FlowInfo> {
    const { data, error, response } = await readAnswer(
      () => this.client.GET('/v1/flows/{flowId}', { params: { path: { flowId } } }),
      'getFlow',
      this.log,
    );
    if (!response.ok) throw platformRefusal('demande', response.status, error);
    return this.flowOf(data as Flow | undefined, 'getFlow');
  }

  /** GET /v1/flows/{flowId}?docType=Original: the file as it was submitted. */
  async original(flowId: string): Promise<Buffer> {
    const { data, error, response } = await this.client.GET('/v1/flows/{flowId}', {
      params: { path: { flowId }, query: { docType: 'Original' } },
      headers: { accept: 'application/octet-stream, application/pdf, application/xml, */*;q=0.5' },
      parseAs: 'arrayBuffer',
    });
    if (!response.ok) throw platformRefusal('demande', response.status, error);
    if (!(data instanceof ArrayBuffer)) throw unexpectedAnswer(this.log, 'getFlow', '(fichier)');
    return Buffer.from(data);
  }

  /**
   * POST /v1/flows/search, every page: the next one asked with the previous `nextCursor` until a page has
   * none. The standard wants at least one criterion: with none, every flow (updated after the epoch).
   */
  async search(query: {
    updatedAfter?: Date;
    direction?: FlowDirection;
    trackingId?: string;
  }): Promise<FlowInfo[]> {
    const where: SearchFlowFilters = {
      ...(query.updatedAfter ? { updatedAfter: query.updatedAfter.toISOString() } : {}),
      ...(query.direction ? { flowDirection: [query.direction] } : {}),
      ...(query.trackingId ? { trackingId: query.trackingId } : {}),
    };
    if (Object.keys(where).length === 0) where.updatedAfter = new Date(0).toISOString();
    const flows: FlowInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { data, error, response } = await readAnswer(
        () =>
          this.client.POST('/v1/flows/search', {
            body: { where, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
          }),
        'searchFlows',
        this.log,
      );
      if (!response.ok) throw platformRefusal('demande', response.status, error);
      if (!data || typeof data !== 'object') throw unexpectedAnswer(this.log, 'searchFlows', '(corps)');
      if (data.results !== undefined && !Array.isArray(data.results)) {
        throw unexpectedAnswer(this.log, 'searchFlows', 'results');
      }
      for (const flow of data.results ?? []) flows.push(this.flowOf(flow, 'searchFlows'));
      if (data.nextCursor === cursor) break;
      cursor = data.nextCursor;
      if (!cursor) break;
    }
    return flows;
  }

  /** POST /v1/webhooks: 201 with the webhook's id and the key its deliveries are signed with. */
  async registerWebhook(callbackUrl: string): Promise<RegisteredWebhook> {
    const { data, error, response } = await readAnswer(
      () => this.client.POST('/v1/webhooks', { body: { callbackUrl } }),
      'createWebhook',
      this.log,
    );
    if (!response.ok) throw platformRefusal('webhook', response.status, error);
    // Optional in the document, but a webhook whose deliveries cannot be verified is of no use.
    const created = requireStrings(data, ['webhookId', 'signingKey'], 'createWebhook', this.log);
    return { webhookId: created.webhookId, signingKey: created.signingKey };
  }

  /** DELETE /v1/webhooks/{webhookUid}; a webhook already gone (404) is what was wanted. */
  async deleteWebhook(webhookId: string): Promise<void> {
    const { error, response } = await this.client.DELETE('/v1/webhooks/{webhookUid}', {
      params: { path: { webhookUid: webhookId } },
    });
    if (!response.ok && response.status !== 404) throw platformRefusal('webhook', response.status, error);
  }

  /** GET /v1/healthcheck: the HTTP status (200 when the service is up). */
  async health(): Promise<number> {
    const { response } = await this.client.GET('/v1/healthcheck', { parseAs: 'text' });
    return response.status;
  }

  private flowOf(flow: Flow | undefined, operation: string): FlowInfo {
    const checked = requireStrings(flow, FLOW_FIELDS, operation, this.log);
    const status = checked.acknowledgement?.status;
    if (status !== 'Pending' && status !== 'Ok' && status !== 'Error') {
      throw unexpectedAnswer(this.log, operation, 'acknowledgement.status');
    }
    if (checked.flowDirection !== 'In' && checked.flowDirection !== 'Out') {
      throw unexpectedAnswer(this.log, operation, 'flowDirection');
    }
    if (!FLOW_SYNTAXES.includes(checked.flowSyntax))
      throw unexpectedAnswer(this.log, operation, 'flowSyntax');
    return {
      flowId: checked.flowId,
      ...(checked.trackingId ? { trackingId: checked.trackingId } : {}),
      direction: checked.flowDirection,
      flowType: checked.flowType,
      syntax: checked.flowSyntax,
      name: checked.name,
      submittedAt: checked.submittedAt,
      updatedAt: checked.updatedAt,
      acknowledgement: checked.acknowledgement,
    };
  }
}
