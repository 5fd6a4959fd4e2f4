/**
 * Issue 19: what Facturo asks of an e-invoicing platform (« plateforme agréée », PA), whichever it is: the
 * built-in test platform or an approved platform speaking the AFNOR XP Z12-013 API (Flow Service and
 * Directory Service). Facturo is a « solution compatible »: it submits flows, follows them, receives the
 * flows addressed to its users and looks buyers up in the directory; the platform does the rest.
 */

/** The syntaxes of a flow (XP Z12-013 flowSyntax): invoices, lifecycle messages, e-reporting. */
export const FLOW_SYNTAXES = ['Factur-X', 'CII', 'UBL', 'CDAR', 'FRR'] as const;
export type FlowSyntax = (typeof FLOW_SYNTAXES)[number];

/** The processing rule of an invoice flow (XP Z12-013 processingRule): French B2B, international, B2C. */
export type ProcessingRule = 'B2B' | 'B2BInt' | 'B2C' | 'OutOfScope';

export interface SubmitFlowInput {
  /** The same on every retry of one submission: the platform keeps one flow per key. */
  idempotencyKey: string;
  name: string;
  syntax: FlowSyntax;
  processingRule?: ProcessingRule;
  content: Buffer;
  /** Hex SHA-256 of `content`, which the platform checks. */
  sha256: string;
}

/** A status the platform gives a flow (lifecycle code of XP Z12-012, e.g. 200 Déposée, 213 Rejetée). */
export interface FlowStatus {
  code: number;
  /** ISO instant. */
  date: string;
  reasonCode?: string;
  reason?: string;
}

export interface FlowInfo {
  flowId: string;
  /** `In`: addressed to this connection's company; `Out`: submitted by it. */
  direction: 'In' | 'Out';
  syntax: FlowSyntax;
  name: string;
  /** ISO instant of the flow's last change (what a search by `updatedAfter` follows). */
  updatedAt: string;
  statuses: FlowStatus[];
  idempotencyKey?: string;
}

/** What the directory (annuaire) says of a company: whether, and where, it receives e-invoices. */
export interface DirectoryEntry {
  siren: string;
  siret: string | null;
  nom: string;
  /** It has chosen a platform and can receive electronic invoices there. */
  peutRecevoir: boolean;
  /** The platform it receives on, as the directory names it. */
  plateforme: string | null;
  /** The electronic address (routing identifier) invoices are addressed to. */
  adresse: string | null;
}

export interface EInvoicingPlatform {
  /** Which platform this is, as the user sees it (« Plateforme de test », or the PA's name). */
  readonly label: string;
  /** Submits one flow; a second call with the same idempotency key answers the same flow. */
  submitFlow(input: SubmitFlowInput): Promise<{ flowId: string }>;
  getFlow(flowId: string): Promise<FlowInfo>;
  /** The flow's file as submitted (an invoice, a CDAR). */
  downloadFlow(flowId: string): Promise<{ content: Buffer; syntax: FlowSyntax; name: string }>;
  /** The flows changed after a moment, oldest first: what polling reads when no webhook came. */
  searchFlows(query: { updatedAfter?: Date; direction?: 'In' | 'Out' }): Promise<FlowInfo[]>;
  lookupDirectory(query: { siren: string } | { siret: string }): Promise<DirectoryEntry | null>;
}
