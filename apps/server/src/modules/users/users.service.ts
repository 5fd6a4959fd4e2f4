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
import { trialForNewProfessional } from '../subscription/trial.js';
import { refusingTakenSiret, siretOwnershipChanges } from './siret-ownership.js';
import { lockUser, updateUser } from './users.repo.js';
import { assertVatProfile } from './vat-profile.js';

type ProfileUpdate = z.output<typeof updateProfileRequestSchema>;

/**
 * The SIRET rule, for every entry point that saves one (profile, legal mentions): a professional
 * can change it but never remove it, and a particulier who gives a valid one becomes a professional
 * (and starts the trial, subscription/trial.ts).
 */
export function siretChanges(
  user: UserRow,
  siret: string | null,
  now: Date,
): Pick<UserRow, 'siret' | 'role'> & Partial<Pick<UserRow, 'plan' | 'trialEndsAt'>> {
  if (siret === null && user.role === 'professionnel') throw badRequest(SIRET_MESSAGE);
  if (siret === null) return { siret, role: user.role };
  return { siret, role: 'professionnel', ...trialForNewProfessional(user, now) };
}

/** What a profile save needs from its context: the time, and the support address a refusal names. */
export interface ProfileSaveContext {
  now: Date;
  supportEmail: string;
}

/**
 * Saves these profile changes inside the caller's transaction, after checking the SIRET rules (one open
 * account per SIRET: siret-ownership.ts) and the VAT rules on the profile as it will be (the row is locked
 * first, so a simultaneous change cannot slip between). The caller maps the SIRET index's refusal
 * (refusingTakenSiret).
 * The VAT rules run when the regime, the VAT number or the SIRET changes: a profile saved before they
 * existed (a number copied from the old mentions) can still have its name or address edited.
 */
export async function applyProfileChanges(
  tx: DbOrTx,
  user: UserRow,
  changes: ProfileUpdate,
  { now, supportEmail }: ProfileSaveContext,
): Promise<UserRow> {
  const current = (await lockUser(tx, user.id)) ?? user;
  const { siret, notifierMessagesParEmail, ...rest } = changes;
  const values = {
    ...rest,
    ...(notifierMessagesParEmail === undefined ? {} : { notifyMessagesByEmail: notifierMessagesParEmail }),
    ...bankChanges(current, changes),
    ...(siret === undefined ? {} : siretChanges(current, siret, now)),
    ...(siret ? await siretOwnershipChanges(tx, current, siret, supportEmail) : {}),
  };
  const next = { ...current, ...values };
  const vatFieldsChange = (['regimeTva', 'tvaIntracommunautaire', 'siret'] as const).some(
    (field) => next[field] !== current[field],
  );
  if (vatFieldsChange) assertVatProfile(next);
  if (Object.keys(values).length === 0) return current;
  return (await updateUser(tx, current.id, values)) ?? current;
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

  updateProfile(user: UserRow, changes: ProfileUpdate): Promise<UserRow> {
    const { supportEmail } = this.ctx.config;
    return refusingTakenSiret(supportEmail, () =>
      this.ctx.db.transaction((tx) =>
        applyProfileChanges(tx, user, changes, { now: this.ctx.clock.now(), supportEmail }),
      ),
    );
  }
}
