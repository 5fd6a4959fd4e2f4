import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicCredentials } from '../afnor/client-secret-basic.js';

/**
 * For the connection's tests: an approved platform's AFNOR XP Z12-013 endpoints that a connection uses
 * (real HTTP on 127.0.0.1:<ephemeral>): the OAuth2 token (client secret by HTTP Basic or in the body),
 * both services' GET /v1/healthcheck, and the Flow Service's POST/DELETE /v1/webhooks, with switches to
 * make a step fail, and a record of what it was sent.
 */
export interface FakeConnectionPlatform {
  /** The Flow Service's base URL (…/flow), the Directory Service's (…/directory), the token's. */
  flowUrl: string;
  directoryUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** How each token request sent the client secret. */
  tokenAuth: ('basic' | 'corps')[];
  /** Webhooks registered and not deleted, by id: their callback URL and signing key. */
  webhooks: Map<string, { callbackUrl: string; signingKey: string }>;
  deleted: string[];
  /** While true, POST /v1/webhooks answers 500. */
  refuseRegistration: boolean;
  /** While true, the Directory Service's healthcheck answers 503. */
  directoryDown: boolean;
  close(): Promise<void>;
}

export async function startFakeConnectionPlatform(): Promise<FakeConnectionPlatform> {
  const tokens = new Set<string>();
  const fake = {
    clientId: `client-${randomUUID()}`,
    clientSecret: 'secret-de-la-plateforme',
    tokenAuth: [] as ('basic' | 'corps')[],
    webhooks: new Map<string, { callbackUrl: string; signingKey: string }>(),
    deleted: [] as string[],
    refuseRegistration: false,
    directoryDown: false,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const json = (status: number, value?: unknown) => {
      res.writeHead(status, value === undefined ? {} : { 'content-type': 'application/json' });
      res.end(value === undefined ? undefined : JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/token') {
      const credentials = clientCredentials(req, new URLSearchParams(body));
      if (!credentials || credentials.id !== fake.clientId || credentials.secret !== fake.clientSecret) {
        return json(401, { error: 'invalid_client' });
      }
      fake.tokenAuth.push(credentials.method);
      const token = randomUUID();
      tokens.add(token);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      return json(401, { errorCode: 'UNAUTHORIZED', errorMessage: 'Invalid token' });
    }
    if (req.method === 'GET' && url.pathname === '/flow/v1/healthcheck') return json(200);
    if (req.method === 'GET' && url.pathname === '/directory/v1/healthcheck') {
      return fake.directoryDown ? json(503, { errorCode: 'DOWN', errorMessage: 'Maintenance' }) : json(200);
    }
    if (req.method === 'POST' && url.pathname === '/flow/v1/webhooks') {
      if (fake.refuseRegistration) return json(500, { errorCode: 'ERROR', errorMessage: 'Indisponible' });
      const { callbackUrl } = JSON.parse(body) as { callbackUrl: string };
      const webhookId = randomUUID();
      const signingKey = randomBytes(32).toString('base64');
      fake.webhooks.set(webhookId, { callbackUrl, signingKey });
      return json(201, { webhookId, signingKey, createdAt: new Date().toISOString() });
    }
    const deleted = /^\/flow\/v1\/webhooks\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && deleted?.[1]) {
      const id = decodeURIComponent(deleted[1]);
      if (!fake.webhooks.delete(id)) return json(404, { errorCode: 'NOT_FOUND', errorMessage: 'Unknown' });
      fake.deleted.push(id);
      return json(204);
    }
    return json(404, { errorCode: 'NOT_FOUND', errorMessage: url.pathname });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    flowUrl: `${base}/flow`,
    directoryUrl: `${base}/directory`,
    tokenUrl: `${base}/token`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** RFC 6749 §2.3.1: the client's id and secret by HTTP Basic, or in the form body. */
function clientCredentials(req: IncomingMessage, form: URLSearchParams) {
  if (form.get('grant_type') !== 'client_credentials') return null;
  const basic = basicCredentials(req.headers.authorization);
  if (basic) return { ...basic, method: 'basic' as const };
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id && secret ? { id, secret, method: 'corps' as const } : null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
