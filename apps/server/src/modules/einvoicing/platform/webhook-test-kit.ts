import { expect } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { SIGNATURE_HEADER } from './webhook-signature.js';

export const WEBHOOK_SECRET = 'secret-webhook-de-la-plateforme';

/** A professional whose connection to an approved platform signs its webhooks with WEBHOOK_SECRET. */
export async function userWithPlatformWebhook(t: TestApp): Promise<string> {
  const { token, user } = await signedInUser(t);
  const saved = await t.request({
    method: 'PUT',
    url: '/api/facturation-electronique/connexion',
    token,
    body: {
      plateforme: 'afnor',
      urlApi: 'https://pa.example/flow-service',
      urlJeton: 'https://pa.example/token',
      identifiantClient: `client-${user._id}`,
      secretClient: 'secret-client',
      secretWebhook: WEBHOOK_SECRET,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return user._id;
}

/** A delivery as the platform sends it: the raw body and its signature header. */
export const deliverWebhook = (t: TestApp, userId: string, body: string, signature: string) =>
  t.request({
    method: 'POST',
    url: `/api/facturation-electronique/webhooks/${userId}`,
    body,
    headers: { [SIGNATURE_HEADER]: signature },
  });
