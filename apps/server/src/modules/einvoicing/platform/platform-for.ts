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
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
): Promise<EInvoicingPlatform> {
  const connection = await ensureConnection(ctx.db, ctx.config.einvoicing.secretKey, userId);
  return platformOf(ctx, connection);
}

export function platformOf(
  ctx: Pick<AppContext, 'config'>,
  connection: EInvoicingConnectionRow,
): EInvoicingPlatform {
  const secretKey = ctx.config.einvoicing.secretKey;
  if (!connection.clientId || !connection.clientSecretEncrypted) throw unavailable();
  const clientSecret = openSecret(secretKey, connection.clientSecretEncrypted);
  if (connection.platform === 'afnor') {
    if (!connection.baseUrl || !connection.tokenUrl) throw unavailable();
    return new AfnorPlatform({
      label: AFNOR_PLATFORM_LABEL,
      baseUrl: connection.baseUrl,
      tokenUrl: connection.tokenUrl,
      clientId: connection.clientId,
      clientSecret,
    });
  }
  const testUrl = ctx.config.einvoicing.testPlatformUrl;
  if (!testUrl) throw unavailable();
  return new AfnorPlatform({
    label: TEST_PLATFORM_LABEL,
    baseUrl: testUrl,
    tokenUrl: `${testUrl}/oauth/token`,
    clientId: connection.clientId,
    clientSecret,
  });
}

function unavailable(): AppError {
  return new AppError(
    503,
    'platform_unavailable',
    'Aucune plateforme de facturation électronique n’est configurée pour ce compte.',
  );
}
