import type { TestPlatformFlowRow } from '../../../db/schema.js';
import type { components } from '../afnor/generated/flow-service.js';

export type FlowWire = components['schemas']['Flow'];
export type FlowType = components['schemas']['FlowType'];
export type Direction = 'In' | 'Out';

/** The client calling (a test connection) and the company it stands for. */
export interface TestClient {
  clientId: string;
  userId: string;
  siren: string | null;
  /**
   * The routing address its flows are delivered to: the account's SIRET, or null for an account that
   * receives nothing (closed, or flagged a duplicate of another account's SIRET).
   */
  siret: string | null;
}

/** How a party sees a flow: Out for its submitter, In for its recipient; null for anyone else. */
export function directionOf(row: TestPlatformFlowRow, client: TestClient): Direction | null {
  if (row.senderClientId === client.clientId) return 'Out';
  if (row.recipientClientId === client.clientId) return 'In';
  if (client.siret && row.recipientSiret === client.siret) return 'In';
  return null;
}

const OTHER_SIDE: Partial<Record<FlowType, FlowType>> = {
  CustomerInvoice: 'SupplierInvoice',
  SupplierInvoice: 'CustomerInvoice',
  CustomerInvoiceLC: 'SupplierInvoiceLC',
  SupplierInvoiceLC: 'CustomerInvoiceLC',
};

/**
 * The flow type as this party sees it: the type is stored as its submitter sees it (a seller's
 * CustomerInvoice is its buyer's SupplierInvoice); a status the platform made is stored as its recipient
 * sees it.
 */
export function flowTypeFor(row: TestPlatformFlowRow, direction: Direction): FlowType {
  const stored = row.flowType as FlowType;
  if (direction === 'Out' || row.senderClientId === null) return stored;
  return OTHER_SIDE[stored] ?? stored;
}

/** GET /v1/flows/{flowId}'s Flow, as this party sees it. */
export function toFlowWire(row: TestPlatformFlowRow, direction: Direction): FlowWire {
  return {
    flowId: row.flowId,
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // The trackingId is the submitter's own reference: the recipient does not see it.
    ...(direction === 'Out' && row.idempotencyKey ? { trackingId: row.idempotencyKey } : {}),
    name: row.name,
    flowSyntax: row.syntax as FlowWire['flowSyntax'],
    flowProfile: row.flowProfile as FlowWire['flowProfile'],
    processingRule: row.processingRule as FlowWire['processingRule'],
    processingRuleSource: row.processingRuleSource,
    flowType: flowTypeFor(row, direction),
    flowDirection: direction,
    acknowledgement: {
      status: row.ackStatus,
      ...(row.ackDetails && row.ackDetails.length > 0 ? { details: row.ackDetails } : {}),
    },
  };
}
