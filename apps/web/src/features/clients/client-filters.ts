import { CLIENT_TYPE_LABELS, type ClientType } from '@facturo/shared';

/** The chips of SPEC §2 Clients, in display order. */
export const CLIENT_FILTERS = ['tous', 'particuliers', 'entreprises'] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

export const CLIENT_FILTER_LABELS: Record<ClientFilter, string> = {
  tous: 'Tous',
  particuliers: 'Particuliers',
  entreprises: 'Entreprises',
};

/**
 * The client type a chip asks the server for (issue 16: `GET /clients?type=`), null for Tous. SPEC §2
 * notes the original kept the chip without filtering; a real filter is asked for: a business is what the
 * client's type says (issue 12), French or foreign, with or without a SIRET.
 */
export function clientTypeOf(filter: ClientFilter): ClientType | null {
  if (filter === 'particuliers') return 'particulier';
  if (filter === 'entreprises') return 'entreprise';
  return null;
}

/** The role badge of the detail and the spoken type of a card. */
export function clientKindLabel(client: { type: ClientType }): string {
  return CLIENT_TYPE_LABELS[client.type];
}
