import type { EInvoicingConnection, PlatformFlow } from '@facturo/shared';
import type { EInvoicingConnectionRow, PlatformFlowRow } from '../../../db/schema.js';
import { AFNOR_PLATFORM_LABEL, TEST_PLATFORM_LABEL } from './platform-for.js';

/**
 * The connection as its owner sees it: never a secret (nor the webhook's signing key), only whether one is
 * set; `webhookError` is why this request's registration failed, if it did.
 */
export function presentConnection(
  row: EInvoicingConnectionRow,
  webhookUrl: string,
  webhookError: string | null,
): EInvoicingConnection {
  const afnor = row.platform === 'afnor';
  return {
    plateforme: row.platform,
    libelle: afnor ? AFNOR_PLATFORM_LABEL : TEST_PLATFORM_LABEL,
    urlApi: afnor ? row.baseUrl : null,
    urlAnnuaire: afnor ? row.directoryUrl : null,
    urlJeton: afnor ? row.tokenUrl : null,
    identifiantClient: row.clientId,
    authentificationClient: row.clientAuth,
    secretClientDefini: row.clientSecretEncrypted !== null,
    webhookEnregistre: row.webhookId !== null && row.webhookSecretEncrypted !== null,
    erreurWebhook: row.webhookId ? null : webhookError,
    urlWebhook: webhookUrl,
    derniereSynchronisation: row.lastSyncedAt?.toISOString() ?? null,
  };
}

export function presentFlow(row: PlatformFlowRow): PlatformFlow {
  return {
    id: row.id,
    sens: row.direction,
    nature: row.kind,
    etat: row.state,
    codeStatut: row.statusCode,
    syntaxe: row.syntax,
    nomFichier: row.fileName,
    identifiantFlux: row.flowId,
    tentatives: row.attempts,
    derniereErreur: row.lastError,
    factureId: row.invoiceId,
    factureFournisseurId: row.supplierInvoiceId,
    creeLe: row.createdAt.toISOString(),
    misAJourLe: row.updatedAt.toISOString(),
  };
}
