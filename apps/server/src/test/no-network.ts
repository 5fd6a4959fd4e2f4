import dns from 'node:dns';
import net from 'node:net';
import { afterAll, afterEach } from 'vitest';

/**
 * Setup file of the server tests (vitest.config.ts): outgoing network is refused (DESIGN §8). A connection
 * to anything but this machine's loopback — a TCP or TLS socket, an HTTP request, fetch, an SMTP or
 * Stripe client left on its real address — throws at once, and the test during which it was tried fails
 * when it ends, naming the address, even if the code under test swallowed the error (a mail job that
 * retries, say). The PostgreSQL server of TEST_DATABASE_URL is allowed, wherever it runs.
 */

interface Guard {
  refused: string[];
  installed: boolean;
}

// One guard per process: with isolated test files this module runs once per file, but `net` stays the same.
const guardKey = Symbol.for('facturo.test.no-network');
const globals = globalThis as typeof globalThis & { [guardKey]?: Guard };
globals[guardKey] ??= { refused: [], installed: false };
const guard: Guard = globals[guardKey];

const allowedHosts = new Set<string>();
if (process.env.TEST_DATABASE_URL) allowedHosts.add(new URL(process.env.TEST_DATABASE_URL).hostname);

/** Loopback, by name or address; an empty host means localhost to `net`. */
export function isLocalHost(host: string | undefined): boolean {
  if (!host) return true;
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || allowedHosts.has(name)) return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  if (net.isIPv6(name)) return name === '::1' || name.startsWith('::ffff:127.');
  return false;
}

export class OutgoingNetworkError extends Error {
  constructor(readonly target: string) {
    super(`Connexion sortante refusée vers ${target} : les tests n'ont pas accès au réseau (DESIGN §8).`);
    this.name = 'OutgoingNetworkError';
  }
}

function refuse(target: string): never {
  guard.refused.push(target);
  throw new OutgoingNetworkError(target);
}

/** Where a call of socket.connect goes: null for a Unix socket or a named pipe. */
function destination(args: unknown[]): { host: string | undefined; port: unknown } | null {
  // net.connect and tls.connect hand over their arguments already normalised, as an array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: unknown; host?: unknown; port?: unknown };
    if (options.path !== undefined) return null;
    return { host: typeof options.host === 'string' ? options.host : undefined, port: options.port };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null;
  return { host: typeof args[1] === 'string' ? args[1] : undefined, port: first };
}

function install(): void {
  const connect = net.Socket.prototype.connect;
  // TLS sockets, HTTP agents, fetch (undici), pg and nodemailer all end up here.
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const target = destination(args);
    if (target && !isLocalHost(target.host)) refuse(`${target.host}:${String(target.port)}`);
    return Reflect.apply(connect, this, args) as net.Socket;
  } as typeof connect;

  // A name is never even resolved: no query leaves for a DNS server.
  const lookup = dns.lookup;
  dns.lookup = function guardedLookup(this: unknown, hostname: string, ...rest: unknown[]) {
    if (!isLocalHost(hostname)) refuse(hostname);
    return Reflect.apply(lookup, this, [hostname, ...rest]);
  } as typeof dns.lookup;
  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = function guardedLookupPromise(this: unknown, hostname: string, ...rest: unknown[]) {
    if (!isLocalHost(hostname)) {
      try {
        refuse(hostname);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return Reflect.apply(lookupPromise, this, [hostname, ...rest]);
  } as typeof dns.promises.lookup;
  guard.installed = true;
}

if (!guard.installed) install();

/** The connections refused so far, forgotten once read: for a test that tries one on purpose. */
export function takeRefusedConnections(): string[] {
  return guard.refused.splice(0);
}

function failOnRefused(): void {
  const refused = takeRefusedConnections();
  if (refused.length > 0) {
    throw new Error(
      `Connexion sortante tentée (et refusée) : ${refused.join(', ')}. Les tests n'ont pas accès au réseau.`,
    );
  }
}

afterEach(failOnRefused);
afterAll(failOnRefused);
