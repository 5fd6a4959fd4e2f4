import {
  BIC_WITHOUT_IBAN_MESSAGE,
  bicNeedsIban,
  SIRET_MESSAGE,
  type updateProfileRequestSchema,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { updateUser } from './users.repo.js';

type ProfileUpdate = z.output<typeof updateProfileRequestSchema>;

/**
 * The SIRET rule, for every entry point that saves one (profile, legal mentions): a professional
 * can change it but never remove it, and a particulier who gives a valid one becomes a professional.
 */
export function siretChanges(user: UserRow, siret: string | null): Pick<UserRow, 'siret' | 'role'> {
  if (siret === null && user.role === 'professionnel') throw badRequest(SIRET_MESSAGE);
  return { siret, role: siret === null ? user.role : 'professionnel' };
}

export async function applySiret(db: DbOrTx, user: UserRow, siret: string | null): Promise<UserRow> {
  return (await updateUser(db, user.id, siretChanges(user, siret))) ?? user;
}

/**
 * Either field may come alone, so the rule holds for the profile as it will be saved: removing the
 * IBAN removes the BIC that went with it, and a BIC with no IBAN is refused.
 */
function bankChanges(user: UserRow, changes: ProfileUpdate): Partial<Pick<UserRow, 'iban' | 'bic'>> {
  const iban = changes.iban ?? user.iban;
  const bic = changes.bic ?? (iban === '' ? '' : user.bic);
  if (bicNeedsIban({ iban, bic })) throw badRequest(BIC_WITHOUT_IBAN_MESSAGE);
  return changes.iban === undefined && changes.bic === undefined ? {} : { iban, bic };
}

export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  async updateProfile(user: UserRow, changes: ProfileUpdate): Promise<UserRow> {
    const { siret, ...identity } = changes;
    const bank = bankChanges(user, changes);
    const values = {
      ...identity,
      ...bank,
      ...(siret === undefined ? {} : siretChanges(user, siret)),
    };
    return (await updateUser(this.ctx.db, user.id, values)) ?? user;
  }
}
