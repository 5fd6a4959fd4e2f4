import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { users } from '../../../db/schema.js';
import { findConnectionByClientId } from '../platform/connection.repo.js';
import { routingSiretOf } from '../routing/routing-account.js';
import { verifyToken } from './test-platform-auth.js';
import { PlatformError } from './test-platform-errors.js';
import type { TestClient } from './test-platform-flow-wire.js';

/** The client a request's bearer token was given to (a test connection), or 401. */
export async function authenticateClient(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  header: string | undefined,
): Promise<TestClient> {
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!token) throw new PlatformError(401, 'MISSING_TOKEN', 'Jeton d’accès manquant.');
  const clientId = verifyToken(ctx.config.einvoicing.secretKey, token, ctx.clock.now());
  const connection = clientId ? await findConnectionByClientId(ctx.db, clientId) : null;
  if (!clientId || !connection)
    throw new PlatformError(401, 'INVALID_TOKEN', 'Jeton d’accès invalide ou expiré.');
  const [user] = await ctx.db
    .select({ siret: users.siret })
    .from(users)
    .where(eq(users.id, connection.userId));
  return {
    clientId,
    userId: connection.userId,
    siren: user?.siret?.slice(0, 9) ?? null,
    siret: await routingSiretOf(ctx.db, connection.userId),
  };
}
