import type { User } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { storedInvoiceCount } from '../invoices/issuer-counts.js';
import { logoSize } from './logo/logo.repo.js';
import { presentUser } from './users.presenter.js';

/** The user as every signed-in answer shows it: with the invoice count and whether a logo is stored. */
export async function userView(db: DbOrTx, user: UserRow): Promise<User> {
  const [factureCount, logoBytes] = await Promise.all([
    storedInvoiceCount(db, user.id),
    logoSize(db, user.id),
  ]);
  return presentUser(user, { factureCount, logoBytes });
}
