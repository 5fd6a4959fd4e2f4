import { SignedLinks } from '../signed-link/signed-link-token.js';

/** What an invoice's signed link names: one invoice, for the address it was e-mailed to. */
export interface InvoiceLinkClaims {
  invoiceId: string;
  email: string;
}

/** The signed links of invoices (signed-link-token.ts), under the key of this use alone. */
export class InvoiceLinks {
  private readonly links: SignedLinks;

  constructor(sessionSecret: string) {
    this.links = new SignedLinks(sessionSecret, 'facturo invoice link');
  }

  sign({ invoiceId, email }: InvoiceLinkClaims): string {
    return this.links.sign({ documentId: invoiceId, email });
  }

  /** The invoice and address a token names, or null (forged, altered, malformed, a quote's). */
  read(token: string): InvoiceLinkClaims | null {
    const claims = this.links.read(token);
    return claims && { invoiceId: claims.documentId, email: claims.email };
  }
}

/** The page's address, as e-mailed. */
export const invoiceLinkUrl = (appUrl: string, token: string) => `${appUrl}/facture-en-ligne/${token}`;
