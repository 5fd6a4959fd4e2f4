import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * Clients and invoices are for professionals (SPEC §6). A particulier is told to switch modes,
 * with the flag the web reads to send them to /mentions-legales.
 */
export function assertProfessional(user: UserRow, action: string): void {
  if (user.role !== 'professionnel') {
    throw new AppError(403, 'requires_upgrade', `Vous devez passer en mode professionnel pour ${action}.`, {
      requiresUpgrade: true,
    });
  }
}
