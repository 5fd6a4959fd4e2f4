import type { AppContext } from '../../../context.js';
import type { EInvoicingConnectionRow } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { sealSecret } from '../../../lib/secret-box.js';
import { ensureConnection, findConnection, storeWebhook } from './connection.repo.js';
import { platformOf } from './platform-for.js';

type RegistrationContext = Pick<AppContext, 'db' | 'config' | 'log'>;

/**
 * Where a platform delivers a professional's webhooks (the route in einvoicing.routes.ts): on the public
 * address for an approved platform; for the built-in test platform, on the address it is itself served at
 * (this same server, which the public address may not reach from inside, e.g. behind a proxy or in tests).
 */
export function webhookUrlFor(
  ctx: Pick<AppContext, 'config'>,
  row: Pick<EInvoicingConnectionRow, 'userId' | 'platform'>,
): string {
  const testPlatformUrl = ctx.config.einvoicing.testPlatformUrl;
  const api =
    row.platform === 'test' && testPlatformUrl
      ? testPlatformUrl.replace(/\/plateforme-test\/?$/, '')
      : `${ctx.config.appUrl}/api`;
  return `${api}/facturation-electronique/webhooks/${row.userId}`;
}

/** The connection after the attempt, and why it failed (French) when it did. */
export interface WebhookRegistration {
  row: EInvoicingConnectionRow;
  error: string | null;
}

/**
 * Makes sure the platform delivers this connection's webhooks: registers one (POST /v1/webhooks) when none
 * is, and stores its id and sealed signing key. Called outside any transaction (it waits on the network).
 * A failure is said, never thrown: the connection works by polling meanwhile, and the next save or
 * « Tester la connexion » tries again.
 */
export async function ensureWebhook(
  ctx: RegistrationContext,
  row: EInvoicingConnectionRow,
): Promise<WebhookRegistration> {
  if (row.webhookId) return { row, error: null };
  let registered: { webhookId: string; signingKey: string };
  try {
    registered = await platformOf(ctx, row).registerWebhook(webhookUrlFor(ctx, row));
  } catch (error) {
    ctx.log.warn({ err: error, userId: row.userId }, 'webhook registration failed');
    return { row, error: failureReason(error) };
  }
  const stored = await storeWebhook(ctx.db, row, {
    webhookId: registered.webhookId,
    signingKeySealed: sealSecret(ctx.config.einvoicing.secretKey, registered.signingKey),
  });
  if (stored) return { row: stored, error: null };
  // Another request registered one first, or the connection changed meanwhile: this one is not kept.
  await deleteWebhookOf(ctx, { ...row, webhookId: registered.webhookId });
  return { row: (await findConnection(ctx.db, row.userId)) ?? row, error: null };
}

/**
 * The user's connection, the test platform's made on first use, with its webhook registered when it is
 * the test platform's. For the moments a network call is welcome and no transaction is open: the page's
 * first read, and wherever a test connection is made for someone outside a transaction (the test
 * platform delivering to a recipient who never opened the page). An approved platform's webhook is
 * registered when it is saved and retried by « Tester la connexion »: a slow platform never makes a
 * read wait.
 */
export async function ensureConnectionWithWebhook(
  ctx: RegistrationContext,
  userId: string,
): Promise<WebhookRegistration> {
  const row = await ensureConnection(ctx.db, ctx.config.einvoicing.secretKey, userId);
  return row.platform === 'test' ? ensureWebhook(ctx, row) : { row, error: null };
}

/**
 * Deletes the webhook a former connection registered (another platform, or another client of it). A
 * failure is logged, not blocking: the platform's deliveries to it are refused by their signature anyway.
 */
export async function deleteWebhookOf(
  ctx: RegistrationContext,
  former: EInvoicingConnectionRow,
): Promise<void> {
  if (!former.webhookId) return;
  try {
    await platformOf(ctx, former).deleteWebhook(former.webhookId);
  } catch (error) {
    ctx.log.warn({ err: error, userId: former.userId, webhookId: former.webhookId }, 'webhook not deleted');
  }
}

/** The platform's reason as the port says it (French), or a generic one for an unexpected failure. */
export function failureReason(error: unknown): string {
  return error instanceof AppError ? error.message : 'La plateforme n’a pas répondu comme prévu.';
}
