import { createHmac } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { isUuid } from '../../lib/ids.js';

/** What a signed link names: one document, for the address it was e-mailed to. */
export interface SignedLinkClaims {
  documentId: string;
  email: string;
}

/**
 * The use a key is derived for. Each use has its own key, so a token of one never verifies under another:
 * an invoice's link never opens a quote's page, nor either a session (device-cookie.ts does the same).
 * The invoice's words are the ones its first links were signed with: changing them would kill them.
 */
export type SignedLinkUse = 'facturo invoice link' | 'facturo quote link';

/** Far above any address the app stores: a longer one was never signed here. */
const MAX_EMAIL_LENGTH = 320;

/**
 * The token of a document's signed link: an HS256 token (fast-jwt, as the sessions) under a key derived
 * from the session secret for one use alone. No expiry and no table: the link lives as long as its
 * document, and is refused once the document is gone. The same document and address always give the same
 * link, so sending twice does not multiply live links.
 */
export class SignedLinks {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => unknown;

  constructor(sessionSecret: string, use: SignedLinkUse) {
    const key = createHmac('sha256', sessionSecret).update(use).digest('hex');
    this.signer = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
    this.verifier = createVerifier({ key, algorithms: ['HS256'], requiredClaims: ['sub', 'email'] });
  }

  sign({ documentId, email }: SignedLinkClaims): string {
    return this.signer({ sub: documentId, email: email.toLowerCase() });
  }

  /** The document and address a token names, or null (forged, altered, malformed, another use's). */
  read(token: string): SignedLinkClaims | null {
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
    return { documentId: sub, email };
  }
}
