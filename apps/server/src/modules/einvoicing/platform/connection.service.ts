import type { EInvoicingConnectionInput } from '@facturo/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { type EInvoicingConnectionRow, einvoicingConnections, platformFlows } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { sealSecret } from '../../../lib/secret-box.js';
import { ensureConnection, findConnection, testCredentials } from './connection.repo.js';

/** The flows shown on the page: the latest ones (the page is a window, not an archive). */
const RECENT_FLOWS = 50;

/** Reads and changes a professional's platform connection (routes: einvoicing.routes.ts). */
export class ConnectionService {
  constructor(private readonly ctx: AppContext) {}

  get(userId: string): Promise<EInvoicingConnectionRow> {
    return ensureConnection(this.ctx.db, this.ctx.config.einvoicing.secretKey, userId);
  }

  /**
   * Saves the choice. For an approved platform the secrets are sealed; one left out keeps the one
   * saved, but a first connection needs both. Back to the test platform: fresh test credentials.
   */
  async save(userId: string, input: EInvoicingConnectionInput): Promise<EInvoicingConnectionRow> {
    const secretKey = this.ctx.config.einvoicing.secretKey;
    const current = await findConnection(this.ctx.db, userId);
    const now = this.ctx.clock.now();
    let values: Partial<typeof einvoicingConnections.$inferInsert>;
    if (input.plateforme === 'test') {
      if (current?.platform === 'test' && current.clientId) return current;
      values = { platform: 'test', ...testCredentials(secretKey), lastSyncedAt: null };
    } else {
      const wasAfnor = current?.platform === 'afnor';
      const clientSecret = input.secretClient
        ? sealSecret(secretKey, input.secretClient)
        : wasAfnor
          ? current.clientSecretEncrypted
          : null;
      const webhookSecret = input.secretWebhook
        ? sealSecret(secretKey, input.secretWebhook)
        : wasAfnor
          ? current.webhookSecretEncrypted
          : null;
      if (!clientSecret || !webhookSecret) {
        throw new AppError(
          400,
          'validation_error',
          'Le secret client et le secret des webhooks sont requis pour une première connexion.',
        );
      }
      values = {
        platform: 'afnor',
        baseUrl: input.urlApi.replace(/\/$/, ''),
        tokenUrl: input.urlJeton,
        clientId: input.identifiantClient,
        clientSecretEncrypted: clientSecret,
        webhookSecretEncrypted: webhookSecret,
        // Another platform: its flows are read from the start.
        ...(wasAfnor && current.baseUrl === input.urlApi.replace(/\/$/, '') ? {} : { lastSyncedAt: null }),
      };
    }
    const [row] = await this.ctx.db
      .insert(einvoicingConnections)
      .values({ userId, platform: 'test', ...values, updatedAt: now })
      .onConflictDoUpdate({ target: einvoicingConnections.userId, set: { ...values, updatedAt: now } })
      .returning();
    if (!row) throw new Error('connection not saved');
    return row;
  }

  recentFlows(userId: string) {
    return this.ctx.db
      .select()
      .from(platformFlows)
      .where(eq(platformFlows.userId, userId))
      .orderBy(desc(platformFlows.createdAt))
      .limit(RECENT_FLOWS);
  }
}
