/**
 * client_secret_basic (RFC 6749 §2.3.1): the client id and secret are each form-urlencoded (appendix B)
 * before they are joined by « : » and base64-encoded, so that a « : » or a space in them survives. Written
 * by the client (token.ts), read by the test platform's token endpoint and the tests' fake platforms.
 */
export function basicAuthorization(credentials: { clientId: string; clientSecret: string }): string {
  const encode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
  const pair = `${encode(credentials.clientId)}:${encode(credentials.clientSecret)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** The id and secret of an HTTP Basic header, or null when it is not one (or not decodable). */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return null;
  }
}
