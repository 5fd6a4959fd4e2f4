import { createHmac } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { isUuid } from '../../lib/ids.js';

/** What a signed link names: one invoice, for the address it was e-mailed to. */
export interface InvoiceLinkClaims {
  invoiceId: string;
  email: string;
}

/** Far above any address the app stores: a longer one was never signed here. */
const MAX_EMAIL_LENGTH = 320;

/**
 * The token of an invoice's signed link: an HS256 token (fast-jwt, as the sessions) under a key derived
 * from the session secret for this use alone, so a link never opens a session nor a session token a link
 * (device-cookie.ts does the same). No expiry and no table: the link lives as long as the invoice, and
 * is refused once the invoice is gone. The same invoice and address always give the same link, so
 * sending twice does not multiply live links.
 */
export class InvoiceLinks {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => unknown;

  constructor(sessionSecret: string) {
    const key = createHmac('sha256', sessionSecret).update('facturo invoice link').digest('hex');
    this.signer = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
    this.verifier = createVerifier({ key, algorithms: ['HS256'], requiredClaims: ['sub', 'email'] });
  }

  sign({ invoiceId, email }: InvoiceLinkClaims): string {
    return this.signer({ sub: invoiceId, email: email.toLowerCase() });
  }

  /** The invoice and address a token names, or null (forged, altered, malformed). */
  read(token: string): InvoiceLinkClaims | null {
    let payload: unknown;
    try {
      payload = this.verifier(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, email } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || !isUuid(sub)) return null;
    if (typeof email !== 'string' || email.length === 0 || email.length > MAX_EMAIL_LENGTH) return null;
    return { invoiceId: sub, email };
  }
}

/** The page's address, as e-mailed. */
export const invoiceLinkUrl = (appUrl: string, token: string) => `${appUrl}/facture-en-ligne/${token}`;
