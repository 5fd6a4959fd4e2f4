import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FlowInfoWire, FlowWire } from '../modules/einvoicing/platform/afnor-wire.js';

/**
 * Issue 19: a local stand-in for an approved platform's AFNOR XP Z12-013 API (real HTTP on
 * 127.0.0.1:<ephemeral>), for the tests of the `afnor` connection: OAuth2 client credentials, the Flow
 * Service and the Directory Service, with switches to make it fail, and a record of what it was sent.
 */
export interface FakeAfnor {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Tokens given so far. */
  tokensIssued: number;
  /** Flows kept, by trackingId (the first of each). */
  flows: Map<string, { wire: FlowWire; info: FlowInfoWire; content: Buffer }>;
  /** Every flow made with this trackingId: like a real platform (XP Z12-013 5.2.2), it never checks it is unique. */
  flowsTracked(trackingId: string): FlowWire[];
  /** The next N submissions keep their flow but answer 503, as when the answer is lost on the way back. */
  loseNextAnswers(count: number): void;
  /** The next N calls to the Flow Service answer 503. */
  failNext(count: number): void;
  /** Submissions whose flow name is this are refused with a 400 (a file the platform will not take). */
  refusedName: string;
  /** Tokens given so far stop being accepted (the platform rotated its keys): the client must renew. */
  revokeTokens(): void;
  /** A flow addressed to this client, as if another company had sent it. */
  addIncoming(name: string, content: Buffer): FlowWire;
  close(): Promise<void>;
}

export async function startFakeAfnor(): Promise<FakeAfnor> {
  const valid = new Set<string>();
  let failures = 0;
  let lostAnswers = 0;
  const made: FlowWire[] = [];
  const contents = new Map<string, Buffer>();
  const incoming: { wire: FlowWire; content: Buffer }[] = [];
  const fake: Omit<FakeAfnor, 'url' | 'close'> = {
    clientId: 'client-facturo',
    clientSecret: 'secret-facturo',
    tokensIssued: 0,
    refusedName: 'refusee.pdf',
    flows: new Map(),
    failNext: (count) => {
      failures = count;
    },
    flowsTracked: (trackingId) => made.filter((wire) => wire.trackingId === trackingId),
    loseNextAnswers: (count) => {
      lostAnswers = count;
    },
    revokeTokens: () => valid.clear(),
    addIncoming: (name, content) => {
      const wire: FlowWire = {
        flowId: randomUUID(),
        name,
        flowSyntax: 'Factur-X',
        flowDirection: 'In',
        updatedAt: new Date().toISOString(),
        acknowledgement: { status: 'Ok' },
        statuses: [{ code: 200, date: new Date().toISOString() }],
      };
      incoming.push({ wire, content });
      return wire;
    },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(body.toString('utf8'));
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== fake.clientId ||
        form.get('client_secret') !== fake.clientSecret
      ) {
        return json(401, { error: 'invalid_client' });
      }
      const token = randomUUID();
      valid.add(token);
      fake.tokensIssued += 1;
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!valid.has(token)) return json(401, { message: 'Jeton invalide' });
    if (url.pathname.startsWith('/api/v1/flows') && failures > 0) {
      failures -= 1;
      return json(503, { message: 'Maintenance' });
    }
    const all = () => [...made, ...incoming.map((f) => f.wire)];
    if (req.method === 'POST' && url.pathname === '/api/v1/flows') {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const infoPart = form.get('flowInfo');
      const file = form.get('file');
      if (!(infoPart instanceof Blob) || !(file instanceof Blob))
        return json(400, { message: 'Parties manquantes' });
      const info = JSON.parse(await infoPart.text()) as FlowInfoWire;
      if (info.name === fake.refusedName) return json(400, { message: 'Format non accepté' });
      const now = new Date().toISOString();
      const wire: FlowWire = {
        flowId: randomUUID(),
        trackingId: info.trackingId,
        name: info.name,
        flowSyntax: info.flowSyntax,
        flowDirection: 'Out',
        updatedAt: now,
        acknowledgement: { status: 'Ok' },
        statuses: [{ code: 200, date: now }],
      };
      made.push(wire);
      const kept = { wire, info, content: Buffer.from(await file.arrayBuffer()) };
      if (!fake.flows.has(info.trackingId)) fake.flows.set(info.trackingId, kept);
      contents.set(wire.flowId, kept.content);
      if (lostAnswers > 0) {
        lostAnswers -= 1;
        return json(503, { message: 'Délai dépassé' });
      }
      return json(201, wire);
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/flows/search') {
      const query = JSON.parse(body.toString('utf8')) as { where?: { updatedAfter?: string } };
      const after = query.where?.updatedAfter ? new Date(query.where.updatedAfter) : null;
      return json(200, { results: all().filter((f) => !after || new Date(f.updatedAt) > after) });
    }
    const flowMatch = /^\/api\/v1\/flows\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && flowMatch) {
      const flow = all().find((f) => f.flowId === flowMatch[1]);
      if (!flow) return json(404, { message: 'Flux inconnu' });
      if (url.searchParams.get('docType') === 'Original') {
        const file =
          contents.get(flow.flowId) ?? incoming.find((f) => f.wire.flowId === flow.flowId)?.content;
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(file);
      }
      return json(200, flow);
    }
    const directory = /^\/api\/v1\/siren\/code-insee:(\d{9})$/.exec(url.pathname);
    if (req.method === 'GET' && directory) {
      if (directory[1] !== '123456782') return json(404, { message: 'Inconnu' });
      return json(200, {
        siren: '123456782',
        siret: '12345678200036',
        businessName: 'Acheteur SA',
        receives: true,
        platformName: 'PA Exemple',
        routingAddress: '123456782_FACTURES',
      });
    }
    return json(404, { message: 'Route inconnue' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return Object.assign(fake, {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
