import type { CdarMessage } from './cdar-message.js';

/**
 * Writes a lifecycle status as a CDAR D22B message that passes the official CDAR XSD and the French
 * BR-FR-CDV schematron. CONTRACT PLACEHOLDER: the cdar lane writes it.
 */
export function cdarXml(message: CdarMessage): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- CDAR ${message.statusCode} ${message.invoice.numero} -->\n`;
}
