import { SIRET_DUPLICATE_MESSAGES, type SiretAccountSummary, type SiretDuplicate } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { findSiretHolder, refusingTakenSiret } from '../users/siret-ownership.js';
import { updateUser } from '../users/users.repo.js';
import { recordAdminAction } from './admin-audit.repo.js';
import { lockTarget } from './admin-target.js';
import { listSiretDuplicates } from './siret-duplicates.repo.js';

const conflict = (message: string) => new AppError(409, 'conflict', message);

function summary(user: UserRow): SiretAccountSummary {
  return {
    _id: user.id,
    nom: user.nom,
    prenom: user.prenom,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * « Comptes au SIRET en double » of /admin: the accounts that shared a SIRET before one company had one
 * account, and the admin's way to give the SIRET back once its holder has closed or changed it.
 */
export class SiretDuplicatesService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<SiretDuplicate[]> {
    const rows = await listSiretDuplicates(this.ctx.db);
    return rows.map(({ account, holder }) => ({
      siret: account.siret ?? '',
      compte: summary(account),
      titulaire: holder ? summary(holder) : null,
    }));
  }

  /**
   * Clears the flag when no other open account holds the SIRET (409 otherwise), audited in the same
   * transaction. A registration taking the SIRET at the same instant is settled by the unique index.
   */
  async restore(admin: UserRow, id: string): Promise<void> {
    const { supportEmail } = this.ctx.config;
    await refusingTakenSiret(supportEmail, () =>
      this.ctx.db.transaction(async (tx) => {
        const account = await lockTarget(tx, id);
        if (!account.siretDuplicate || account.siret === null)
          throw conflict(SIRET_DUPLICATE_MESSAGES.notFlagged);
        if (await findSiretHolder(tx, account.siret, { exceptUserId: account.id, holderOnly: true }))
          throw conflict(SIRET_DUPLICATE_MESSAGES.stillHeld);
        await updateUser(tx, account.id, { siretDuplicate: false });
        await recordAdminAction(tx, {
          admin,
          action: 'restore_siret',
          target: account,
          before: { siret: account.siret, siretEnDouble: true },
          after: { siret: account.siret, siretEnDouble: false },
        });
      }),
    );
  }
}
