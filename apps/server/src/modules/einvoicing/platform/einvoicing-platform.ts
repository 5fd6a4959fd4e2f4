import type { components as DirectoryComponents } from '../afnor/generated/directory-service.js';
import type { components as FlowComponents } from '../afnor/generated/flow-service.js';

/**
 * What Facturo asks of an e-invoicing platform (« plateforme agréée », PA), whichever it is: an approved
 * platform or the built-in test platform, both reached through the AFNOR XP Z12-013 API (Flow Service and
 * Directory Service, whose official OpenAPI documents are in ../afnor/contract/). Facturo is a « solution
 * compatible »: it submits flows, follows their acknowledgement, receives the flows addressed to its users
 * (invoices, and lifecycle statuses as CDAR flows: the standard has no other channel for them) and looks
 * buyers up in the directory; the platform does the rest.
 *
 * The wire types come from the generated types of the standard, so that this port cannot name a field the
 * standard does not have.
 */
type FlowSchemas = FlowComponents['schemas'];
type DirectorySchemas = DirectoryComponents['schemas'];

/** The syntaxes of a flow (FlowSyntax): invoices, lifecycle messages (CDAR), e-reporting (FRR). */
export type FlowSyntax = FlowSchemas['FlowSyntax'];
export const FLOW_SYNTAXES = [
  'Factur-X',
  'CII',
  'UBL',
  'CDAR',
  'FRR',
] as const satisfies readonly FlowSyntax[];
/** The processing rule of a flow (ProcessingRule): French B2B, international, B2C… */
export type ProcessingRule = FlowSchemas['ProcessingRule'];
/** The kind of a flow (FlowType): an invoice, its lifecycle, an e-reporting… */
export type FlowType = FlowSchemas['FlowType'];
export type FlowDirection = FlowSchemas['FlowDirection'];
/** Pending until the platform has integrated the file, then Ok or Error (with details). */
export type FlowAcknowledgement = FlowSchemas['Acknowledgement'];

export interface SubmitFlowInput {
  /** Our trackingId (≤ 64 characters), the same on every retry of one submission. */
  trackingId: string;
  /** The file's name (≤ 255). */
  name: string;
  syntax: FlowSyntax;
  processingRule?: ProcessingRule;
  /** application/pdf (Factur-X) or application/xml (CII, UBL, CDAR, FRR): the part's content type. */
  content: Buffer;
  /** Hex SHA-256 of `content`, which the platform checks. */
  sha256: string;
}

/** A flow as the platform describes it (the standard's Flow: metadata, no statuses of its own). */
export interface FlowInfo {
  flowId: string;
  trackingId?: string;
  direction: FlowDirection;
  flowType: FlowType;
  syntax: FlowSyntax;
  name: string;
  /** ISO instant the platform took the flow (its clock: the reference to compare with). */
  submittedAt: string;
  /** ISO instant of the flow's last change (what a search by `updatedAfter` follows). */
  updatedAt: string;
  acknowledgement: FlowAcknowledgement;
}

/** Where a company receives its e-invoices, from the Directory Service's directory lines. */
export interface DirectoryEntry {
  siren: string;
  siret: string | null;
  /** The legal unit's businessName. */
  nom: string;
  /** A directory line is Enabled: the company has chosen where it receives and can receive now. */
  peutRecevoir: boolean;
  /** The kind of platform the enabled line points to (platformType WK: a PA; DFH: the public portal). */
  plateforme: DirectorySchemas['recipientPlatformType'] | null;
  /** The line's addressing identifier: the electronic address invoices are sent to. */
  adresse: string | null;
  /** The enabled line's status, or Upcoming (chosen, not yet receiving), or Disabled; null when it has none. */
  statutLigne: DirectorySchemas['directoryLineStatus'] | null;
}

/** A registered webhook (POST /v1/webhooks): its id and the key its deliveries are signed with. */
export interface RegisteredWebhook {
  webhookId: string;
  /** As the platform gave it (format byte: base64); sealed at rest, never shown. */
  signingKey: string;
}

/** « Tester la connexion »: each step said apart, with the platform's reason when one failed. */
export interface ConnectionCheck {
  jeton: { ok: boolean; message?: string };
  flux: { ok: boolean; message?: string };
  annuaire: { ok: boolean; message?: string };
}

export interface EInvoicingPlatform {
  /** Which platform this is, as the user sees it (« Plateforme de test », or « Plateforme agréée »). */
  readonly label: string;
  /** POST /v1/flows (202 FullFlowInfo). */
  submitFlow(input: SubmitFlowInput): Promise<{ flowId: string; submittedAt: string }>;
  /** GET /v1/flows/{flowId} (docType Metadata). */
  getFlow(flowId: string): Promise<FlowInfo>;
  /** GET /v1/flows/{flowId}?docType=Original: the file as submitted (an invoice, a CDAR, an FRR). */
  downloadFlow(flowId: string): Promise<{ content: Buffer; syntax: FlowSyntax; name: string }>;
  /**
   * POST /v1/flows/search, every page (nextCursor) read: the flows changed after a moment, or the one
   * with a trackingId. At least one criterion is required by the standard.
   */
  searchFlows(query: {
    updatedAfter?: Date;
    direction?: FlowDirection;
    trackingId?: string;
  }): Promise<FlowInfo[]>;
  /** Directory Service: the company (SIREN, or the establishment by SIRET) and its directory lines. */
  lookupDirectory(query: { siren: string } | { siret: string }): Promise<DirectoryEntry | null>;
  /** POST /v1/webhooks: deliveries of flow changes to `callbackUrl`, signed with the key returned. */
  registerWebhook(callbackUrl: string): Promise<RegisteredWebhook>;
  /** DELETE /v1/webhooks/{webhookUid}; one already gone (404) is not an error. */
  deleteWebhook(webhookId: string): Promise<void>;
  /** A token, then both services' GET /v1/healthcheck. Never throws: each failure is said in French. */
  checkConnection(): Promise<ConnectionCheck>;
}
