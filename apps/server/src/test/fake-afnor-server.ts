import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { basicCredentials } from '../modules/einvoicing/afnor/client-secret-basic.js';
import type { components as DirectoryComponents } from '../modules/einvoicing/afnor/generated/directory-service.js';
import type { components } from '../modules/einvoicing/afnor/generated/flow-service.js';

type Flow = components['schemas']['Flow'];
type FlowInfo = components['schemas']['FlowInfo'];
type DirectoryLine = DirectoryComponents['schemas']['directoryLinePayloadStatusLegalUnitFacilityRoutingCode'];

/**
 * A local approved platform speaking XP Z12-013 as its documents define it (real HTTP on
 * 127.0.0.1:<ephemeral>): token endpoint (secret by Basic or in the body), Flow Service under
 * /flow-service, Directory Service under /directory-service, with switches to make it fail and a record of
 * what it was sent. For the tests of the jobs over the client (the client's own calls are proven against
 * Prism: afnor/afnor-client.contract.test.ts).
 */
export interface FakeAfnor {
  url: string;
  flowUrl: string;
  directoryUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  tokensIssued: number;
  /** Every flow made with this trackingId: like a real platform (XP Z12-013 5.2.2), it never checks it is unique. */
  flowsTracked(trackingId: string): Flow[];
  /** The flowInfo and file of a flow made. */
  submitted(flowId: string): { info: FlowInfo; content: Buffer; contentType: string } | undefined;
  /** The next N submissions keep their flow but answer 503, as when the answer is lost on the way back. */
  loseNextAnswers(count: number): void;
  /** The next N calls to the Flow Service answer 503. */
  failNext(count: number): void;
  /** Submissions with this file name are refused with the standard's 400 error body. */
  refusedName: string;
  /** Submissions with this file name are taken, then their acknowledgement is Error. */
  rejectedName: string;
  /** A flow addressed to this client, as if another company (or the platform, for a CDAR) had sent it. */
  addIncoming(name: string, syntax: Flow['flowSyntax'], content: Buffer): Flow;
  /** The directory lines of a SIREN (its legal unit is known once it has lines). */
  directory: Map<string, { businessName: string; lines: DirectoryLine[] }>;
  close(): Promise<void>;
}

export async function startFakeAfnor(): Promise<FakeAfnor> {
  const valid = new Set<string>();
  let failures = 0;
  let lostAnswers = 0;
  const flows: Flow[] = [];
  const files = new Map<string, { info: FlowInfo; content: Buffer; contentType: string }>();
  const fake = {
    clientId: 'client-facturo',
    clientSecret: 'secret-facturo',
    tokensIssued: 0,
    refusedName: 'refusee.pdf',
    rejectedName: 'rejetee.pdf',
    directory: new Map<string, { businessName: string; lines: DirectoryLine[] }>(),
    failNext: (count: number) => {
      failures = count;
    },
    loseNextAnswers: (count: number) => {
      lostAnswers = count;
    },
    flowsTracked: (trackingId: string) => flows.filter((flow) => flow.trackingId === trackingId),
    submitted: (flowId: string) => files.get(flowId),
    addIncoming: (name: string, syntax: Flow['flowSyntax'], content: Buffer): Flow => {
      const now = new Date().toISOString();
      const flow: Flow = {
        flowId: randomUUID(),
        name,
        flowSyntax: syntax,
        flowProfile: 'Basic',
        processingRule: 'B2B',
        processingRuleSource: 'Computed',
        flowType: syntax === 'CDAR' ? 'SupplierInvoiceLC' : 'SupplierInvoice',
        flowDirection: 'In',
        submittedAt: now,
        updatedAt: now,
        acknowledgement: { status: 'Ok' },
      };
      flows.push(flow);
      files.set(flow.flowId, { info: { name, flowSyntax: syntax }, content, contentType: 'application/xml' });
      return flow;
    },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const error = (status: number, errorCode: string, errorMessage: string) =>
      json(status, { errorCode, errorMessage });
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const form = new URLSearchParams(body.toString('utf8'));
      const basic = basicCredentials(req.headers.authorization);
      const id = basic ? basic.id : form.get('client_id');
      const secret = basic ? basic.secret : form.get('client_secret');
      if (
        form.get('grant_type') !== 'client_credentials' ||
        id !== fake.clientId ||
        secret !== fake.clientSecret
      ) {
        return json(401, { error: 'invalid_client' });
      }
      const token = randomUUID();
      valid.add(token);
      fake.tokensIssued += 1;
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    if (!valid.has(req.headers.authorization?.replace(/^Bearer /, '') ?? '')) {
      return error(401, 'INVALID_TOKEN', 'Jeton invalide');
    }
    if (url.pathname.startsWith('/flow-service/v1/flows') && failures > 0) {
      failures -= 1;
      return error(503, 'RESOURCE_ERROR', 'Maintenance');
    }
    if (req.method === 'POST' && url.pathname === '/flow-service/v1/flows') {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const infoPart = form.get('flowInfo');
      const file = form.get('file');
      if (!(infoPart instanceof Blob) || !(file instanceof Blob)) {
        return error(400, 'MISSING_REQUIRED_FIELD', 'flowInfo and file are required');
      }
      const info = JSON.parse(await infoPart.text()) as FlowInfo;
      if (info.name === fake.refusedName) return error(400, 'INVALID_FLOW', 'Format non accepté');
      const now = new Date().toISOString();
      const flow: Flow = {
        flowId: randomUUID(),
        ...(info.trackingId ? { trackingId: info.trackingId } : {}),
        name: info.name,
        flowSyntax: info.flowSyntax,
        flowProfile: 'CIUS',
        processingRule: info.processingRule ?? 'B2B',
        processingRuleSource: info.processingRule ? 'Input' : 'Computed',
        flowType: info.flowSyntax === 'CDAR' ? 'CustomerInvoiceLC' : 'CustomerInvoice',
        flowDirection: 'Out',
        submittedAt: now,
        updatedAt: now,
        acknowledgement:
          info.name === fake.rejectedName
            ? {
                status: 'Error',
                details: [
                  {
                    level: 'Error',
                    item: 'BT-1',
                    reasonCode: 'InvalidSchema',
                    reasonMessage: 'Numéro de facture absent',
                  },
                ],
              }
            : { status: 'Ok' },
      };
      flows.push(flow);
      files.set(flow.flowId, {
        info,
        content: Buffer.from(await file.arrayBuffer()),
        contentType: file.type,
      });
      if (lostAnswers > 0) {
        lostAnswers -= 1;
        return error(503, 'RESOURCE_ERROR', 'Délai dépassé');
      }
      return json(202, { ...info, flowId: flow.flowId, submittedAt: flow.submittedAt });
    }
    if (req.method === 'POST' && url.pathname === '/flow-service/v1/flows/search') {
      const { where } = JSON.parse(body.toString('utf8')) as components['schemas']['SearchFlowParams'];
      const after = where.updatedAfter ? new Date(where.updatedAfter) : null;
      const results = flows.filter(
        (flow) =>
          (!after || new Date(flow.updatedAt) > after) &&
          (!where.trackingId || flow.trackingId === where.trackingId) &&
          (!where.flowDirection || where.flowDirection.includes(flow.flowDirection)),
      );
      return json(200, { results });
    }
    const flowMatch = /^\/flow-service\/v1\/flows\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && flowMatch) {
      const flow = flows.find((f) => f.flowId === flowMatch[1]);
      if (!flow) return error(404, 'MISSING_RESOURCE', 'Flux inconnu');
      if (url.searchParams.get('docType') === 'Original') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(files.get(flow.flowId)?.content);
      }
      return json(200, flow);
    }
    const siren = /^\/directory-service\/v1\/siren\/code-insee:(\d{9})$/.exec(url.pathname);
    if (req.method === 'GET' && siren) {
      const company = fake.directory.get(siren[1] ?? '');
      if (!company) return error(404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
      return json(200, { siren: siren[1], businessName: company.businessName, entityType: 'Private' });
    }
    if (req.method === 'POST' && url.pathname === '/directory-service/v1/directory-line/search') {
      const search = JSON.parse(
        body.toString('utf8'),
      ) as DirectoryComponents['schemas']['searchDirectoryLine'];
      const lines = fake.directory.get(search.filters?.siren?.value ?? '')?.lines ?? [];
      return json(200, { totalNumberOfResults: lines.length, results: lines });
    }
    return error(404, 'MISSING_RESOURCE', 'Route inconnue');
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
  const url = `http://127.0.0.1:${address.port}`;
  return Object.assign(fake, {
    url,
    flowUrl: `${url}/flow-service`,
    directoryUrl: `${url}/directory-service`,
    tokenUrl: `${url}/oauth/token`,
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
