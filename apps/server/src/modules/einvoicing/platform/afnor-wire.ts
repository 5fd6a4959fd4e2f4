import { calendarInstant, singleLine } from '@facturo/shared';
import { z } from 'zod';
import { FLOW_SYNTAXES, type FlowInfo } from './einvoicing-platform.js';

/**
 * Issue 19: the shapes on the wire of the AFNOR XP Z12-013 Flow and Directory services, as Facturo's client
 * (afnor-platform.ts) sends and reads them and the built-in test platform serves them: one definition, so
 * the two cannot drift apart. Names follow the standard's (flowInfo, trackingId, flowSyntax,
 * processingRule, flowDirection, updatedAfter, docType=Original).
 */

/** The `flowInfo` part of a POST /v1/flows (multipart, with the `file` part). */
export const flowInfoSchema = z.object({
  /** The submitter's own reference; the platform keeps one flow per trackingId (our idempotency key). */
  trackingId: singleLine().min(1).max(200),
  name: singleLine().min(1).max(255),
  flowSyntax: z.enum(FLOW_SYNTAXES),
  processingRule: z.enum(['B2B', 'B2BInt', 'B2C', 'OutOfScope']).optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FlowInfoWire = z.infer<typeof flowInfoSchema>;

export const flowStatusSchema = z.object({
  code: z.number().int(),
  date: z.string(),
  reasonCode: z.string().optional(),
  reason: z.string().optional(),
});

/** A flow as the platform describes it (the answer of POST /v1/flows, GET /v1/flows/{id}, search). */
export const flowSchema = z.object({
  flowId: z.string().min(1),
  trackingId: z.string().optional(),
  name: z.string(),
  flowSyntax: z.enum(FLOW_SYNTAXES),
  flowDirection: z.enum(['In', 'Out']),
  updatedAt: z.string(),
  /** Pending until the platform has looked at the file, then Ok (200 Déposée) or Error (213 Rejetée…). */
  acknowledgement: z.object({ status: z.enum(['Pending', 'Ok', 'Error']) }),
  statuses: z.array(flowStatusSchema),
});
export type FlowWire = z.infer<typeof flowSchema>;

/** POST /v1/flows/search */
export const searchFlowsSchema = z.object({
  where: z
    .object({
      updatedAfter: calendarInstant('Date updatedAfter').optional(),
      flowDirection: z.array(z.enum(['In', 'Out'])).optional(),
    })
    .default({}),
  limit: z.number().int().min(1).max(100).default(100),
});
export const searchResultSchema = z.object({ results: z.array(flowSchema) });

/** A Directory Service entry (GET /v1/siren/code-insee:{siren}, /v1/siret/code-insee:{siret}). */
export const directoryEntrySchema = z.object({
  siren: z.string(),
  siret: z.string().nullable(),
  businessName: z.string(),
  /** Whether the company has a platform where it receives e-invoices, its name and routing address. */
  receives: z.boolean(),
  platformName: z.string().nullable(),
  routingAddress: z.string().nullable(),
});
export type DirectoryEntryWire = z.infer<typeof directoryEntrySchema>;

/** OAuth2 client credentials token answer (RFC 6749 §5.1). */
export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive().optional(),
});

export function flowFromWire(flow: FlowWire): FlowInfo {
  return {
    flowId: flow.flowId,
    direction: flow.flowDirection,
    syntax: flow.flowSyntax,
    name: flow.name,
    updatedAt: flow.updatedAt,
    statuses: flow.statuses,
    ...(flow.trackingId ? { idempotencyKey: flow.trackingId } : {}),
  };
}
