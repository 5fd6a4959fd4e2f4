import { useSession } from '../../../lib/session';
import { useLogoPreview } from '../../profile/api';
import type { InvoiceBranding } from './document-data';

/**
 * The look of a saved invoice: the issuer sees it in their current colour and with their logo; anyone
 * else sees the default look (neither is part of the invoice's snapshot, and the logo is only served
 * to its owner).
 */
export function useInvoiceBranding(viewerIsIssuer: boolean): InvoiceBranding {
  const { user } = useSession();
  const own = viewerIsIssuer && user !== null;
  const logo = useLogoPreview(own && (user?.aUnLogo ?? false)).blob;
  return { logo, accentColor: own ? (user?.couleurAccent ?? null) : null };
}
