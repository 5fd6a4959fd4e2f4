import { SignedLinks } from '../signed-link/signed-link-token.js';

/** What a quote's signed link names: one quote, for the address it was e-mailed to. */
export interface QuoteLinkClaims {
  quoteId: string;
  email: string;
}

/**
 * The signed links of quotes (signed-link-token.ts): the invoices' mechanism under a key of its own, so
 * a quote's link never opens an invoice's page nor a session, and no invoice's link a quote's page.
 */
export class QuoteLinks {
  private readonly links: SignedLinks;

  constructor(sessionSecret: string) {
    this.links = new SignedLinks(sessionSecret, 'facturo quote link');
  }

  sign({ quoteId, email }: QuoteLinkClaims): string {
    return this.links.sign({ documentId: quoteId, email });
  }

  /** The quote and address a token names, or null (forged, altered, malformed, an invoice's). */
  read(token: string): QuoteLinkClaims | null {
    const claims = this.links.read(token);
    return claims && { quoteId: claims.documentId, email: claims.email };
  }
}

/** The page's address, as e-mailed. */
export const quoteLinkUrl = (appUrl: string, token: string) => `${appUrl}/devis-en-ligne/${token}`;
