import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { users } from '../../../db/schema.js';
import type { components } from '../afnor/generated/directory-service.js';
import { accountOfAddress, type RoutingAddress } from '../routing/routing-account.js';

type Schemas = components['schemas'];
export type LegalUnit = Schemas['legalUnitPayloadHistory'];
export type Facility = Schemas['facilityPayloadHistory'];
export type DirectoryLine = Schemas['directoryLinePayloadStatusLegalUnitFacilityRoutingCode'];

/** One receiving account of this instance as the directory lists it (its legal unit and establishment). */
export interface Listed {
  legalUnit: LegalUnit;
  facility: Facility;
  line: DirectoryLine;
}

/**
 * The Directory Service of the test platform: this instance's professionals, one directory line per
 * receiving account (addressed by its SIRET, on this platform: WK, Enabled). Closed accounts and flagged
 * duplicates are not listed (the routing rules decide, routing/).
 */
export async function listed(ctx: Pick<AppContext, 'db'>, address: RoutingAddress): Promise<Listed | null> {
  const account = await accountOfAddress(ctx.db, address);
  if (!account) return null;
  const [where] = await ctx.db
    .select({ adresse: users.adresse, codePostal: users.codePostal, ville: users.ville })
    .from(users)
    .where(eq(users.id, account.id));
  const siren = account.siret.slice(0, 9);
  const legalUnit: LegalUnit = {
    siren,
    // The company's legal name as its invoices give it: an individual entrepreneur's name followed by EI.
    businessName: `${`${account.prenom} ${account.nom}`.trim()} EI`.slice(0, 150),
    entityType: 'PrivateVatRegistered',
    administrativeStatus: 'A',
  };
  const facility: Facility = {
    siret: account.siret,
    siren,
    name: (legalUnit.businessName ?? '').slice(0, 100),
    facilityType: 'P',
    administrativeStatus: 'A',
    address: {
      // Each field within the document's bounds (a user's address is free text).
      ...(where?.adresse ? { addressLine1: where.adresse.slice(0, 255) } : {}),
      ...(where && /^\d{5}$/.test(where.codePostal) ? { postalCode: where.codePostal } : {}),
      ...(where?.ville ? { locality: where.ville.slice(0, 100) } : {}),
      countryCode: 'FR',
    },
  };
  const line: DirectoryLine = {
    addressingIdentifier: account.siret,
    platformType: 'WK',
    directoryLineStatus: 'Enabled',
    siren,
    siret: account.siret,
    legalUnit,
    facility: { ...facility },
  };
  return { legalUnit, facility, line };
}

/** The key a directory line is looked up by: a SIRET, SIREN_SIRET, or a SIREN. */
export function addressOfIdentifier(identifier: string): RoutingAddress | null {
  const siret = identifier.match(/^(?:\d{9}_)?(\d{14})$/)?.[1];
  if (siret) return { siret };
  return /^\d{9}$/.test(identifier) ? { siren: identifier } : null;
}
