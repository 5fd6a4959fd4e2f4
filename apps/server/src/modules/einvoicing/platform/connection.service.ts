import { type ConnectionTest, type EInvoicingConnectionInput, WEBHOOK_MESSAGES } from '@facturo/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { type EInvoicingConnectionRow, einvoicingConnections, platformFlows } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { sealSecret } from '../../../lib/secret-box.js';
import { ensureConnection, findConnection, NO_WEBHOOK, testCredentials } from './connection.repo.js';
import type { ConnectionCheck } from './einvoicing-platform.js';
import { platformOf } from './platform-for.js';
import {
  deleteWebhookOf,
  ensureConnectionWithWebhook,
  ensureWebhook,
  failureReason,
  type WebhookRegistration,
} from './webhook-registration.js';

/** The flows shown on the page: the latest ones (the page is a window, not an archive). */
const RECENT_FLOWS = 50;

/**
 * Reads and changes a professional's platform connection (routes: einvoicing.routes.ts), and keeps its
 * webhook registered with the platform it points to.
 */
export class ConnectionService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * The connection, the test platform's made on first use. A test connection without its webhook gets
   * it here, outside the transactions that may have made it (a submission, a sync).
   */
  get(userId: string): Promise<WebhookRegistration> {
    return ensureConnectionWithWebhook(this.ctx, userId);
  }

  /**
   * Saves the choice, then registers its webhook. For an approved platform the client secret is sealed;
   * left out, the one saved is kept, but a first connection needs it. Back to the test platform: fresh
   * test credentials. Another account than before (platform, Flow Service or client id): the former
   * webhook is deleted on its platform and a new one registered.
   */
  async save(userId: string, input: EInvoicingConnectionInput): Promise<WebhookRegistration> {
    const current = await findConnection(this.ctx.db, userId);
    const values = this.valuesFor(input, current);
    if (!values) return current ? ensureWebhook(this.ctx, current) : this.get(userId);
    const sameAccount =
      current !== null &&
      current.platform === values.platform &&
      current.baseUrl === values.baseUrl &&
      current.clientId === values.clientId;
    const now = this.ctx.clock.now();
    const set = { ...values, ...(sameAccount ? {} : NO_WEBHOOK), updatedAt: now };
    const [row] = await this.ctx.db
      .insert(einvoicingConnections)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: einvoicingConnections.userId, set })
      .returning();
    if (!row) throw new Error('connection not saved');
    if (current && !sameAccount) await deleteWebhookOf(this.ctx, current);
    return ensureWebhook(this.ctx, row);
  }

  /**
   * « Tester la connexion »: a token, both services' health (the port's checkConnection), then the
   * webhook, registered now if it was not yet.
   */
  async test(userId: string): Promise<ConnectionTest> {
    const row = await ensureConnection(this.ctx.db, this.ctx.config.einvoicing.secretKey, userId);
    let check: ConnectionCheck;
    try {
      check = await platformOf(this.ctx, row).checkConnection();
    } catch (error) {
      const failed = { ok: false, message: failureReason(error) };
      return { jeton: failed, flux: failed, annuaire: failed, webhook: failed };
    }
    const step = (result: { ok: boolean; message?: string }, success: string) => ({
      ok: result.ok,
      message: result.message ?? (result.ok ? success : 'Échec.'),
    });
    return {
      jeton: step(check.jeton, 'Jeton d’accès obtenu.'),
      flux: step(check.flux, 'Flow Service joignable.'),
      annuaire: step(check.annuaire, 'Directory Service joignable.'),
      webhook: check.jeton.ok
        ? webhookStep(await ensureWebhook(this.ctx, row))
        : { ok: false, message: 'Non essayé : la plateforme n’a pas donné de jeton d’accès.' },
    };
  }

  recentFlows(userId: string) {
    return this.ctx.db
      .select()
      .from(platformFlows)
      .where(eq(platformFlows.userId, userId))
      .orderBy(desc(platformFlows.createdAt))
      .limit(RECENT_FLOWS);
  }

  /** The columns to write, or null when nothing changes (the test platform chosen again). */
  private valuesFor(input: EInvoicingConnectionInput, current: EInvoicingConnectionRow | null) {
    const secretKey = this.ctx.config.einvoicing.secretKey;
    if (input.plateforme === 'test') {
      if (current?.platform === 'test' && current.clientId) return null;
      return { platform: 'test' as const, ...testCredentials(secretKey), lastSyncedAt: null };
    }
    const wasAfnor = current?.platform === 'afnor';
    const clientSecret = input.secretClient
      ? sealSecret(secretKey, input.secretClient)
      : wasAfnor
        ? current.clientSecretEncrypted
        : null;
    if (!clientSecret) {
      throw new AppError(400, 'validation_error', 'Le secret client est requis pour une première connexion.');
    }
    const baseUrl = withoutTrailingSlash(input.urlApi);
    return {
      platform: 'afnor' as const,
      baseUrl,
      directoryUrl: withoutTrailingSlash(input.urlAnnuaire),
      tokenUrl: input.urlJeton,
      clientId: input.identifiantClient,
      clientSecretEncrypted: clientSecret,
      clientAuth: input.authentificationClient,
      // Another platform: its flows are read from the start.
      ...(wasAfnor && current.baseUrl === baseUrl ? {} : { lastSyncedAt: null }),
    };
  }
}

function webhookStep({ row, error }: WebhookRegistration): { ok: boolean; message: string } {
  return row.webhookId
    ? { ok: true, message: WEBHOOK_MESSAGES.registered }
    : { ok: false, message: WEBHOOK_MESSAGES.notRegistered(error ?? 'raison inconnue.') };
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
