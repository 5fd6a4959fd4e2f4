import type { AppContext } from '../../../context.js';
import { AppError } from '../../../lib/errors.js';
import type { EInvoicingPlatform } from './einvoicing-platform.js';

/**
 * The platform a professional's flows go through: their connection (einvoicing_connections), the
 * built-in test platform by default. CONTRACT PLACEHOLDER: the platform lane writes it and keeps this
 * signature.
 */
export async function platformFor(_ctx: AppContext, _userId: string): Promise<EInvoicingPlatform> {
  throw new AppError(
    503,
    'platform_unavailable',
    'La plateforme de facturation électronique est injoignable.',
  );
}
