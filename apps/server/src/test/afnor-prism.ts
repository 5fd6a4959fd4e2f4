import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * The independent mock of the official contract: Prism (`prism mock`) serving each OpenAPI document of XP
 * Z12-013 as is, behind a small proxy of ours that
 * - serves an OAuth2 token endpoint (the documents name one but do not define it), recording how the client
 *   authenticated;
 * - collects every `sl-violations` header Prism sends, request-side (the client broke the contract) apart
 *   from response-side (Prism's own generated examples break it: a flaw of the document, see below);
 * - checks POST /v1/flows's multipart itself: Prism 5 reads the `flowInfo` part as a string and answers 422
 *   « flowInfo must be object » even to a correct client (stoplightio/prism issues 2008 and 2380). The proxy
 *   validates `flowInfo` with ajv against the document's FlowInfo schema and checks the `file` part and its
 *   content type, removes exactly that one known-false violation, and when its own check passed answers
 *   the 202 with a FullFlowInfo it validates against the document;
 * - answers GET /v1/flows/{id}?docType=Original with bytes when Prism cannot (it has no serializer for
 *   application/octet-stream and answers 500), after Prism validated the request;
 * - passes a `Prefer` header (code=…, example=…) to Prism for the paths a test names, and lets a test
 *   give the answer of a path itself (its request still validated by Prism).
 */
export interface Violation {
  location: string[];
  severity: string;
  code: string;
  message: string;
}

export interface SeenViolation extends Violation {
  request: string;
}

export interface TokenRequest {
  authorization: string | undefined;
  form: URLSearchParams;
}

type Override = (body: Buffer) => { status: number; body: unknown };

export interface AfnorPrism {
  flowUrl: string;
  directoryUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  requestViolations: SeenViolation[];
  responseViolations: SeenViolation[];
  tokenRequests: TokenRequest[];
  /** Requests forwarded, as `METHOD /service/path`, in order. */
  forwarded: string[];
  /** Prefer header sent to Prism for requests whose `METHOD /service/path` starts with the key. */
  prefer: Map<string, string>;
  /** Answers given by the proxy for `METHOD /service/path` (after Prism saw the request). */
  overrides: Map<string, Override>;
  close(): Promise<void>;
}

const ajv = new Ajv({ strict: false, allErrors: true });
(addFormatsModule as unknown as (instance: Ajv) => Ajv)(ajv);
const CONTRACT = resolve(dirname(fileURLToPath(import.meta.url)), '../modules/einvoicing/afnor/contract');
const FLOW_DOC = join(CONTRACT, 'flow-service-1.3.0.openapi.json');
const DIRECTORY_DOC = join(CONTRACT, 'directory-service-1.3.0.openapi.json');
ajv.addSchema(JSON.parse(readFileSync(FLOW_DOC, 'utf8')), 'flow-service');

/** Errors of `value` against a schema of the Flow Service document, as ajv reports them (empty: valid). */
export function flowSchemaErrors(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`flow-service#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

export async function startAfnorPrism(): Promise<AfnorPrism> {
  const [flow, directory] = await Promise.all([startPrism(FLOW_DOC), startPrism(DIRECTORY_DOC)]);
  const state = {
    clientId: 'client:facturo',
    clientSecret: 's3cret é&=',
    requestViolations: [] as SeenViolation[],
    responseViolations: [] as SeenViolation[],
    tokenRequests: [] as TokenRequest[],
    forwarded: [] as string[],
    prefer: new Map<string, string>(),
    overrides: new Map<string, Override>(),
  };

  const server = createServer((req, res) => {
    handle(req)
      .then(({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      })
      .catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
  });

  async function handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer | string }> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (req.method === 'POST' && url.pathname === '/oauth/token') return token(req, body);
    const [, service, ...rest] = url.pathname.split('/');
    const prism = service === 'flow-service' ? flow : service === 'directory-service' ? directory : null;
    if (!prism) return { status: 404, headers: {}, body: '' };
    const path = `/${rest.join('/')}`;
    const key = `${req.method} /${service}${path}`;
    state.forwarded.push(key);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) {
        headers.set(name, value);
      }
    }
    const prefer = [...state.prefer].find(([prefix]) => key.startsWith(prefix));
    if (prefer) headers.set('prefer', prefer[1]);
    const answer = await fetch(`${prism.url}${path}${url.search}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
    });
    const answerBody = Buffer.from(await answer.arrayBuffer());
    let violations = parseViolations(answer.headers.get('sl-violations'));
    const isFlowPost = req.method === 'POST' && key === 'POST /flow-service/v1/flows';
    let own: { errors: Violation[]; full: unknown } | null = null;
    if (isFlowPost) {
      own = await checkFlowPost(headers.get('content-type') ?? '', body);
      violations = violations.filter(
        (v) => !(v.location.join('.') === 'request.body.flowInfo' && v.code === 'type'),
      );
      violations.push(...own.errors);
    }
    for (const violation of violations) {
      const list = violation.location[0] === 'request' ? state.requestViolations : state.responseViolations;
      list.push({ ...violation, request: key });
    }
    const override = state.overrides.get(key);
    if (override) return json(override(body));
    if (isFlowPost && own && own.errors.length === 0 && !prefer) return json({ status: 202, body: own.full });
    if (
      url.searchParams.get('docType') === 'Original' &&
      answer.status === 500 &&
      answerBody.toString().includes('Cannot find serializer')
    ) {
      return {
        status: 200,
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.from('<Invoice/>'),
      };
    }
    const passed: Record<string, string> = {};
    const type = answer.headers.get('content-type');
    if (type) passed['content-type'] = type;
    return { status: answer.status, headers: passed, body: answerBody };
  }

  function token(req: IncomingMessage, body: Buffer) {
    const form = new URLSearchParams(body.toString('utf8'));
    state.tokenRequests.push({ authorization: req.headers.authorization, form });
    const basic = req.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString('utf8').split(':')
      : null;
    // RFC 6749 §2.3.1: id and secret form-urlencoded before they are joined.
    const id = basic ? decodeForm(basic[0] ?? '') : form.get('client_id');
    const secret = basic ? decodeForm(basic.slice(1).join(':')) : form.get('client_secret');
    const good =
      form.get('grant_type') === 'client_credentials' &&
      id === state.clientId &&
      secret === state.clientSecret;
    return good
      ? json({ status: 200, body: { access_token: randomUUID(), token_type: 'Bearer', expires_in: 3600 } })
      : json({ status: 401, body: { error: 'invalid_client', error_description: 'Client inconnu' } });
  }

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    flowUrl: `${url}/flow-service`,
    directoryUrl: `${url}/directory-service`,
    tokenUrl: `${url}/oauth/token`,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await Promise.all([flow.stop(), directory.stop()]);
    },
  });
}

/** The proxy's own check of the multipart body of POST /v1/flows, and the 202 it answers when it passes. */
async function checkFlowPost(
  contentType: string,
  body: Buffer,
): Promise<{ errors: Violation[]; full: unknown }> {
  const errors: Violation[] = [];
  const fail = (where: string, message: string) =>
    errors.push({ location: ['request', 'body', where], severity: 'Error', code: 'proxy', message });
  if (!contentType.startsWith('multipart/form-data')) {
    fail('', `content type ${contentType}`);
    return { errors, full: null };
  }
  const form = await new Response(new Uint8Array(body), {
    headers: { 'content-type': contentType },
  }).formData();
  const infoPart = form.get('flowInfo');
  const file = form.get('file');
  let flowInfo: Record<string, unknown> = {};
  if (!(infoPart instanceof Blob)) fail('flowInfo', 'flowInfo part missing');
  else {
    if (infoPart.type !== 'application/json') fail('flowInfo', `flowInfo part typed ${infoPart.type}`);
    try {
      flowInfo = JSON.parse(await infoPart.text()) as Record<string, unknown>;
      for (const message of flowSchemaErrors('FlowInfo', flowInfo)) fail('flowInfo', message);
    } catch {
      fail('flowInfo', 'flowInfo is not JSON');
    }
  }
  if (!(file instanceof File)) fail('file', 'file part missing');
  else {
    if (!['application/pdf', 'application/xml'].includes(file.type))
      fail('file', `file part typed ${file.type}`);
    if (!file.name) fail('file', 'file part without a filename');
    if (file.size === 0) fail('file', 'empty file');
  }
  const full = { ...flowInfo, flowId: randomUUID(), submittedAt: new Date().toISOString() };
  const fullErrors = flowSchemaErrors('FullFlowInfo', full);
  if (fullErrors.length > 0) throw new Error(`the proxy's 202 breaks FullFlowInfo: ${fullErrors.join('; ')}`);
  return { errors, full };
}

function json({ status, body }: { status: number; body: unknown }) {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function parseViolations(header: string | null): Violation[] {
  if (!header) return [];
  return JSON.parse(header) as Violation[];
}

function decodeForm(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

/** The prism binary of the workspace's node_modules, wherever the tests were started from. */
function prismBin(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const bin = join(dir, 'node_modules', '.bin', 'prism');
    if (existsSync(bin)) return bin;
  }
  throw new Error('prism not installed (@stoplight/prism-cli)');
}

async function freePort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', () => done()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** `prism mock` on a free port, resolved once it says it listens (its own line, not a delay). */
async function startPrism(document: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(prismBin(), ['mock', '-h', '127.0.0.1', '-p', String(port), document], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`prism did not start: ${output}`)), 60_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        child.stdout?.off('data', listen);
        child.stderr?.off('data', listen);
        done();
      }
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`prism exited (${code}): ${output}`));
    });
  });
  // Keep reading its log so that a full pipe never stalls it.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
