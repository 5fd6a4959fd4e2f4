import { DEFAULT_LEGAL_MENTIONS, type LegalMentions, type legalMentionsInputSchema } from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { LegalMentionsRow, UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { refusingTakenSiret } from '../users/siret-ownership.js';
import { applyProfileChanges } from '../users/users.service.js';
import { findLegalMentions, saveLegalMentions } from './legal-mentions.repo.js';

type LegalMentionsInput = z.output<typeof legalMentionsInputSchema>;

/**
 * The mentions in force for a user: their own once saved, the defaults of SPEC §9 before. The VAT number
 * and the SIRET live on the profile (one place for each), and are shown here because invoices print them
 * with the mentions.
 */
/** The mentions a new document starts from: the saved ones, without the profile fields and the "customised" flag. */
export async function documentMentionsOf(db: DbOrTx, user: UserRow) {
  return documentMentionsFrom(await findLegalMentions(db, user.id), user);
}

/** documentMentionsOf from a row already read (an invoice's creation reads it with the client, issue 16). */
export function documentMentionsFrom(saved: LegalMentionsRow | undefined, user: UserRow) {
  const { siret: _siret, personnalisees: _personnalisees, ...mentions } = legalMentionsFrom(saved, user);
  return mentions;
}

export async function legalMentionsOf(db: DbOrTx, user: UserRow): Promise<LegalMentions> {
  return legalMentionsFrom(await findLegalMentions(db, user.id), user);
}

function legalMentionsFrom(saved: LegalMentionsRow | undefined, user: UserRow): LegalMentions {
  const source = saved ?? DEFAULT_LEGAL_MENTIONS;
  return {
    conditionsPaiement: source.conditionsPaiement,
    mentionLibre: source.mentionLibre,
    escompte: source.escompte,
    penalitesRetard: source.penalitesRetard,
    indemniteForfaitaire: source.indemniteForfaitaire,
    tvaIntracommunautaire: user.tvaIntracommunautaire,
    natureOperation: source.natureOperation,
    siret: user.siret,
    personnalisees: saved !== undefined,
  };
}

export class LegalMentionsService {
  constructor(private readonly ctx: AppContext) {}

  get(user: UserRow): Promise<LegalMentions> {
    return legalMentionsOf(this.ctx.db, user);
  }

  /**
   * Saves the given mentions, and the SIRET and VAT number on the profile (with the profile's rules),
   * together or not at all.
   */
  update(user: UserRow, input: LegalMentionsInput): Promise<LegalMentions> {
    const { supportEmail } = this.ctx.config;
    return refusingTakenSiret(supportEmail, () => this.save(user, input, supportEmail));
  }

  private save(user: UserRow, input: LegalMentionsInput, supportEmail: string): Promise<LegalMentions> {
    const { siret, tvaIntracommunautaire, ...mentions } = input;
    return this.ctx.db.transaction(async (tx) => {
      const owner = await applyProfileChanges(
        tx,
        user,
        {
          ...(siret === undefined ? {} : { siret }),
          ...(tvaIntracommunautaire === undefined ? {} : { tvaIntracommunautaire }),
        },
        { now: this.ctx.clock.now(), supportEmail },
      );
      if (Object.keys(mentions).length > 0) {
        const current = await legalMentionsOf(tx, owner);
        const {
          siret: _siret,
          tvaIntracommunautaire: _vatNumber,
          personnalisees: _personnalisees,
          ...currentFields
        } = current;
        await saveLegalMentions(tx, owner.id, { ...currentFields, ...mentions });
      }
      return legalMentionsOf(tx, owner);
    });
  }
}
