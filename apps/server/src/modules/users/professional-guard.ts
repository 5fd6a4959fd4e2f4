import { MESSAGES } from '@facturo/shared';
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

/**
 * Paid plans are for professionals too, but this is not an upgrade nor a quota (a client reading
 * requires_upgrade or a bare 403 would say "Quota atteint"): its own code and sentence.
 */
export function assertProfessionalSubscriber(user: UserRow): void {
  if (user.role !== 'professionnel') throw new AppError(403, 'professional_only', MESSAGES.professionalOnly);
}
