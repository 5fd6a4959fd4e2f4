import type { AppContext } from '../../../context.js';
import type { components } from '../afnor/generated/flow-service.js';
import type { Answer, OperationHandler } from './test-platform-answer.js';
import { badRequest, notFound, PlatformError } from './test-platform-errors.js';
import type { FailureSwitch } from './test-platform-failures.js';
import { toFlowWire } from './test-platform-flow-wire.js';
import { TestPlatformFlows } from './test-platform-flows.js';
import { createWebhook, deleteWebhook, toWebhookWire, webhooksOf } from './test-platform-webhook-store.js';
import { announceFlows } from './test-platform-webhooks.js';

type Schemas = components['schemas'];

const FILE_TYPES: Record<string, string> = { 'Factur-X': 'application/pdf' };

/** The Flow Service's operations (XP Z12-013 flow-service 1.3.0), by operationId. */
export function flowServiceHandlers(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>,
  failures: FailureSwitch,
): Record<string, OperationHandler> {
  const flows = new TestPlatformFlows(ctx);
  const secretKey = ctx.config.einvoicing.secretKey;
  return {
    getHealth: async () => ({ status: 200 }),

    createFlow: async ({ client, body, file }) => {
      const info = (body as { flowInfo: Schemas['FlowInfo'] }).flowInfo;
      if (!file || file.length === 0)
        throw badRequest('La partie file (le fichier du flux) est requise et non vide.');
      const planned = failures.take(client.clientId);
      if (planned === 'avant') throw unavailable();
      const { flow, made } = await flows.submit(client, info, file);
      announceFlows(ctx, made);
      if (planned === 'apres') throw unavailable();
      const answer: Schemas['FullFlowInfo'] = {
        flowId: flow.flowId,
        submittedAt: flow.createdAt.toISOString(),
        ...(flow.idempotencyKey ? { trackingId: flow.idempotencyKey } : {}),
        name: flow.name,
        flowSyntax: flow.syntax as Schemas['FlowSyntax'],
        processingRule: flow.processingRule as Schemas['ProcessingRule'],
        flowProfile: flow.flowProfile as Schemas['FlowProfile'],
        sha256: flow.sha256,
      };
      return { status: 202, body: answer };
    },

    getFlow: async ({ client, params, query }): Promise<Answer> => {
      const { row, direction } = await flows.flowFor(client, params.flowId ?? '');
      const docType = query.docType ?? 'Metadata';
      if (docType === 'Metadata') return { status: 200, body: toFlowWire(row, direction) };
      // Nothing is converted nor given a readable view here: only the file as it was sent.
      if (docType !== 'Original') throw notFound(`Document ${String(docType)}`);
      const contentType = FILE_TYPES[row.syntax] ?? 'application/xml';
      return { status: 200, file: { content: row.content, contentType, filename: row.name } };
    },

    searchFlows: async ({ client, body }) => {
      const { where, limit = 25, cursor } = body as Schemas['SearchFlowParams'];
      if (Object.keys(where).length === 0) throw badRequest('where doit donner au moins un critère.');
      const { rows, nextCursor } = await flows.search(client, where, limit, cursor);
      const answer: Schemas['SearchFlowContent'] = {
        limit,
        filters: where,
        results: rows.map(({ row, direction }) => toFlowWire(row, direction)),
        ...(nextCursor ? { nextCursor } : {}),
      };
      return { status: 200, body: answer };
    },

    createWebhook: async ({ client, body }) => ({
      status: 201,
      body: await createWebhook(
        ctx.db,
        secretKey,
        client.clientId,
        body as Schemas['WebhookParams'],
        ctx.clock.now(),
      ),
    }),

    listWebhooks: async ({ client }) => {
      const rows = await webhooksOf(ctx.db, client.clientId);
      // The document requires `webhookIds` beside the `webhooks` it describes: both are given.
      return {
        status: 200,
        body: {
          count: rows.length,
          webhookIds: rows.map((row) => row.id),
          webhooks: rows.map(toWebhookWire),
        },
      };
    },

    deleteWebhook: async ({ client, params }) => {
      if (!(await deleteWebhook(ctx.db, client.clientId, params.webhookUid ?? ''))) throw notFound('Webhook');
      return { status: 204 };
    },
  };
}

function unavailable(): PlatformError {
  return new PlatformError(
    503,
    'SERVICE_UNAVAILABLE',
    'Plateforme de test : indisponible (panne programmée).',
  );
}
