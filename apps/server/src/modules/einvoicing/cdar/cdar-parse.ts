import { AppError } from '../../../lib/errors.js';
import type { CdarMessage } from './cdar-message.js';

/**
 * Reads a CDAR D22B lifecycle message (one Facturo wrote, or another solution's). A malformed message is a
 * 400 with a French message. CONTRACT PLACEHOLDER: the cdar lane writes it.
 */
export function parseCdar(_xml: string): CdarMessage {
  throw new AppError(400, 'invalid_cdar', 'Message de statut illisible.');
}
