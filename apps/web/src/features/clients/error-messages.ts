import { ApiError } from '../../lib/api-error';

/* Wording of SPEC §8 Clients; the server sends the rest in `message`. */
export const CLIENTS_LOAD_ERROR = 'Erreur lors du chargement des clients.';
export const CLIENTS_EXPORT_ERROR = "Erreur lors de l'export des clients.";
/** A search that found nothing says which (issue 16). */
export const noClientsFoundText = (search: string) => `Aucun client trouvé pour « ${search} ».`;
/** « 50 clients affichés sur 120 », under the cards while pages are left. */
export const clientsCountText = (shown: number, total: number) =>
  `${shown} client${shown > 1 ? 's' : ''} affiché${shown > 1 ? 's' : ''} sur ${total}`;
export const CLIENT_CREATE_ERROR = 'Erreur lors de la création du client';
export const CLIENT_UPDATE_ERROR = 'Erreur lors de la mise à jour du client';
/** Not worded by the spec; only shown when the server sends no sentence of its own. */
export const CLIENT_DELETE_ERROR = 'Erreur lors de la suppression du client';
export const CLIENT_UPDATED_MESSAGE = 'Client mis à jour avec succès!';
export const UPGRADE_TO_CREATE_MESSAGE = 'Vous devez passer en mode professionnel pour créer un client';
export const UPGRADE_TO_UPDATE_MESSAGE = 'Vous devez passer en mode professionnel pour modifier un client';

/* SPEC §8 and §9 delays. */
export const QUOTA_REDIRECT_DELAY_MS = 3000;
export const UPGRADE_REDIRECT_DELAY_MS = 2000;
export const BACK_AFTER_UPDATE_DELAY_MS = 2000;

export const SUBSCRIPTION_PATH = '/subscription';
export const LEGAL_MENTIONS_PATH = '/mentions-legales';

export function clientQuotaMessage(quota: { utilise: number; limite: number }): string {
  return `Quota de clients atteint (${quota.utilise}/${quota.limite}). Passez à un plan Premium pour ajouter plus de clients.`;
}

/** What to tell the user, and where the screen goes by itself afterwards, if anywhere. */
export interface ClientFailure {
  message: string;
  redirect?: { to: string; delayMs: number; reason: 'quota' | 'upgrade' };
}

function asApiError(error: unknown): ApiError | null {
  return error instanceof ApiError && !error.isNetworkError ? error : null;
}

function requiresUpgrade(error: ApiError): boolean {
  return error.body.requiresUpgrade === true || error.errorType === 'requires_upgrade';
}

/** SPEC §8 Clients, creation: quota first, then professional mode, then the server's sentence. */
export function describeCreateClientError(error: unknown): ClientFailure {
  const apiError = asApiError(error);
  if (!apiError) return { message: CLIENT_CREATE_ERROR };
  if (apiError.body.quota) {
    return {
      message: clientQuotaMessage(apiError.body.quota),
      redirect: { to: SUBSCRIPTION_PATH, delayMs: QUOTA_REDIRECT_DELAY_MS, reason: 'quota' },
    };
  }
  if (requiresUpgrade(apiError)) {
    return {
      message: UPGRADE_TO_CREATE_MESSAGE,
      redirect: { to: LEGAL_MENTIONS_PATH, delayMs: UPGRADE_REDIRECT_DELAY_MS, reason: 'upgrade' },
    };
  }
  return { message: apiError.serverMessage ?? CLIENT_CREATE_ERROR };
}

/** SPEC §8 Clients, update: the same professional-mode rule, worded for a change. */
export function describeUpdateClientError(error: unknown): ClientFailure {
  const apiError = asApiError(error);
  if (!apiError) return { message: CLIENT_UPDATE_ERROR };
  if (requiresUpgrade(apiError)) {
    return {
      message: UPGRADE_TO_UPDATE_MESSAGE,
      redirect: { to: LEGAL_MENTIONS_PATH, delayMs: UPGRADE_REDIRECT_DELAY_MS, reason: 'upgrade' },
    };
  }
  return { message: apiError.serverMessage ?? CLIENT_UPDATE_ERROR };
}

/** Deletion: a client with invoices is refused (409 client_has_invoices) and the server says why. */
export function describeDeleteClientError(error: unknown): string {
  return asApiError(error)?.serverMessage ?? CLIENT_DELETE_ERROR;
}
