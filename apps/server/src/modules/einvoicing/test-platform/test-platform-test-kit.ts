import { createHash, randomUUID } from 'node:crypto';
import type { User } from '@facturo/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { openSecret } from '../../../lib/secret-box.js';
import { ublInvoice } from '../../../test/einvoice-samples.js';
import { signedInUser, uniqueSiret } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { ensureConnection } from '../platform/connection.repo.js';
import { answerErrors, type ServiceName, serviceBackend } from './test-platform-contract.js';

export const BASE = '/api/plateforme-test';

/** A professional of the instance, its test-platform credentials and a token obtained by HTTP Basic. */
export interface PlatformParty {
  user: User;
  siret: string;
  clientId: string;
  clientSecret: string;
  token: string;
}

export async function platformParty(
  t: TestApp,
  values: { nom?: string; prenom?: string } = {},
): Promise<PlatformParty> {
  const siret = uniqueSiret();
  const { user } = await signedInUser(t, { siret, ...values });
  const connection = await ensureConnection(t.database.db, t.config.einvoicing.secretKey, user._id);
  const clientId = connection.clientId ?? '';
  const clientSecret = openSecret(t.config.einvoicing.secretKey, connection.clientSecretEncrypted ?? '');
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/oauth/token`,
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, siret, clientId, clientSecret, token: res.json<{ access_token: string }>().access_token };
}

/** A UBL invoice whose buyer is this SIRET (or nobody known, without one). */
export function invoiceTo(buyerSiret: string | null, numero = `FA-${randomUUID().slice(0, 8)}`): Buffer {
  const legal =
    '<cac:PartyLegalEntity><cbc:RegistrationName>Atelier Dupont</cbc:RegistrationName></cac:PartyLegalEntity>';
  const xml = ublInvoice({ numero });
  const withBuyer = buyerSiret
    ? xml.replace(
        legal,
        `<cac:PartyLegalEntity><cbc:RegistrationName>Atelier Dupont</cbc:RegistrationName><cbc:CompanyID schemeID="0009">${buyerSiret}</cbc:CompanyID></cac:PartyLegalEntity>`,
      )
    : xml;
  if (buyerSiret) expect(withBuyer).not.toBe(xml);
  return Buffer.from(withBuyer);
}

export const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** POST /v1/flows's multipart body, as a client's FormData writes it. */
export async function multipart(parts: { flowInfo?: unknown; file?: Buffer; name?: string }) {
  const form = new FormData();
  if (parts.flowInfo !== undefined) {
    form.set('flowInfo', new Blob([JSON.stringify(parts.flowInfo)], { type: 'application/json' }));
  }
  if (parts.file)
    form.set(
      'file',
      new Blob([new Uint8Array(parts.file)], { type: 'application/xml' }),
      parts.name ?? 'facture.xml',
    );
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    contentType: request.headers.get('content-type') ?? '',
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/**
 * Calls the platform over HTTP and checks the answer against the official document (status listed for the
 * operation, body valid against its schema), recording which operation answered which status.
 */
export class ContractCaller {
  readonly answered = new Map<string, Set<number>>();
  private readonly backends = new Map<ServiceName, Awaited<ReturnType<typeof serviceBackend>>>();

  constructor(private readonly t: () => TestApp) {}

  async call(
    service: ServiceName,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: {
      token?: string;
      body?: unknown;
      multipart?: { contentType: string; payload: Buffer };
      query?: Record<string, string>;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.multipart) headers['content-type'] = options.multipart.contentType;
    const res = await this.t().app.inject({
      method,
      url: `${BASE}/${service}${path}`,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(options.multipart
        ? { payload: options.multipart.payload }
        : options.body !== undefined
          ? { payload: options.body as object }
          : {}),
    });
    await this.check(service, method, path, res);
    return res;
  }

  private async check(service: ServiceName, method: string, path: string, res: LightMyRequestResponse) {
    let backend = this.backends.get(service);
    if (!backend) {
      backend = await serviceBackend(service);
      this.backends.set(service, backend);
    }
    const operation = backend.matchOperation({ method, path, headers: {} });
    expect(operation, `${method} ${path} is an operation of ${service}`).toBeTruthy();
    const operationId = operation?.operationId ?? '';
    const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
    const body = isJson && res.body ? res.json() : undefined;
    expect(
      answerErrors(backend, operationId, res.statusCode, body),
      `${operationId} ${res.statusCode} ${res.body}`,
    ).toBeNull();
    const statuses = this.answered.get(operationId) ?? new Set<number>();
    statuses.add(res.statusCode);
    this.answered.set(operationId, statuses);
  }
}
