import { SIRET_MESSAGE, type updateProfileRequestSchema } from '@facturo/shared';
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

export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  async updateProfile(user: UserRow, changes: ProfileUpdate): Promise<UserRow> {
    const { siret, ...identity } = changes;
    const values = siret === undefined ? identity : { ...identity, ...siretChanges(user, siret) };
    return (await updateUser(this.ctx.db, user.id, values)) ?? user;
  }
}
