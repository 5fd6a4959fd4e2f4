import { SIRET_MESSAGE, type updateProfileRequestSchema } from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { updateUser } from './users.repo.js';

type ProfileUpdate = z.output<typeof updateProfileRequestSchema>;

export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  async updateProfile(user: UserRow, changes: ProfileUpdate): Promise<UserRow> {
    const { siret, ...identity } = changes;
    const values: Parameters<typeof updateUser>[2] = { ...identity };
    if (siret !== undefined) {
      // A professional is defined by its SIRET: it can be changed, never removed.
      if (siret === null && user.role === 'professionnel') throw badRequest(SIRET_MESSAGE);
      values.siret = siret;
      // Giving a valid SIRET is how a particulier moves to professional mode (DESIGN §6).
      if (siret !== null) values.role = 'professionnel';
    }
    const updated = await updateUser(this.ctx.db, user.id, values);
    return updated ?? user;
  }
}
