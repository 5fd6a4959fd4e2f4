import type { AppContext } from '../../../context.js';
import type { EInvoicingConnectionRow } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { openSecret } from '../../../lib/secret-box.js';
import { AfnorPlatform } from './afnor-platform.js';
import { ensureConnection } from './connection.repo.js';
import type { EInvoicingPlatform } from './einvoicing-platform.js';

export const TEST_PLATFORM_LABEL = 'Plateforme de test';
export const AFNOR_PLATFORM_LABEL = 'Plateforme agréée';

/**
 * The platform a professional's flows go through: their connection (einvoicing_connections), the
 * built-in test platform by default (its credentials made on first use).
 */
export async function platformFor(
  ctx: Pick<AppContext, 'db' | 'config'> & Partial<Pick<AppContext, 'log'>>,
  userId: string,
): Promise<EInvoicingPlatform> {
  const connection = await ensureConnection(ctx.db, ctx.config.einvoicing.secretKey, userId);
  return platformOf(ctx, connection);
}

/**
 * The client of a connection: an approved platform at the addresses its settings give (the Flow Service's
 * base, the Directory Service's, the token endpoint, how the secret is sent), or the built-in test platform,
 * which serves both services and its token endpoint under config.einvoicing.testPlatformUrl.
 */
export function platformOf(
  ctx: Pick<AppContext, 'config'> & Partial<Pick<AppContext, 'log'>>,
  connection: EInvoicingConnectionRow,
): EInvoicingPlatform {
  const secretKey = ctx.config.einvoicing.secretKey;
  if (!connection.clientId || !connection.clientSecretEncrypted) throw unavailable();
  const clientSecret = openSecret(secretKey, connection.clientSecretEncrypted);
  if (connection.platform === 'afnor') {
    if (!connection.baseUrl || !connection.directoryUrl || !connection.tokenUrl) throw unavailable();
    return new AfnorPlatform({
      label: AFNOR_PLATFORM_LABEL,
      baseUrl: connection.baseUrl,
      directoryUrl: connection.directoryUrl,
      tokenUrl: connection.tokenUrl,
      clientId: connection.clientId,
      clientSecret,
      clientAuth: connection.clientAuth,
      ...(ctx.log ? { log: ctx.log } : {}),
    });
  }
  const testUrl = ctx.config.einvoicing.testPlatformUrl;
  if (!testUrl) throw unavailable();
  return new AfnorPlatform({
    label: TEST_PLATFORM_LABEL,
    baseUrl: `${testUrl}/flow-service`,
    directoryUrl: `${testUrl}/directory-service`,
    tokenUrl: `${testUrl}/oauth/token`,
    clientId: connection.clientId,
    clientSecret,
    clientAuth: connection.clientAuth,
    ...(ctx.log ? { log: ctx.log } : {}),
  });
}

function unavailable(): AppError {
  return new AppError(
    503,
    'platform_unavailable',
    'Aucune plateforme de facturation électronique n’est configurée pour ce compte.',
  );
}
