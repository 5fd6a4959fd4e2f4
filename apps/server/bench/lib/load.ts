import autocannon from 'autocannon';
import { hasWrk, wrkLoad } from './wrk.js';

export interface Load {
  base: string;
  path: string;
  method?: 'GET' | 'POST';
  connections: number;
  seconds: number;
  /** One per connection, in turn: each connection is one user (bearer token, and its own body). */
  users: { token: string; body?: unknown }[];
  /** For GET: the paths the connections cycle through (one per request). */
  paths?: string[];
}

export interface LoadResult {
  /** Successful (2xx) answers per second. */
  rate: number;
  p50: number;
  p99: number;
  /** The load generator that ran, for the measure's note. */
  tool: 'wrk' | 'autocannon';
}

/**
 * wrk when it is installed (a C client in its own process, as pgbench's is), else autocannon (in the
 * bench's own process, sharing its CPU); BENCH_LOAD=autocannon forces autocannon.
 */
export function load(l: Load): Promise<LoadResult> {
  return process.env.BENCH_LOAD !== 'autocannon' && hasWrk() ? wrkLoad(l) : autocannonLoad(l);
}

/**
 * autocannon against the running server. Any answer other than 2xx, or a socket error, fails the measure:
 * a rate of errors is not a throughput.
 */
async function autocannonLoad(l: Load): Promise<LoadResult> {
  let next = 0;
  let nextPath = 0;
  const result = await autocannon({
    url: `${l.base}${l.path}`,
    connections: l.connections,
    duration: l.seconds,
    method: l.method ?? 'GET',
    setupClient: (client) => {
      const user = l.users[next++ % l.users.length]!;
      const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
      if (user.body !== undefined) headers['content-type'] = 'application/json';
      client.setHeadersAndBody(headers, user.body === undefined ? undefined : JSON.stringify(user.body));
    },
    requests: l.paths
      ? [{ setupRequest: (request) => ({ ...request, path: l.paths![nextPath++ % l.paths!.length] }) }]
      : undefined,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const codes = Object.entries(result.statusCodeStats)
      .map(([code, s]) => `${code}×${s.count}`)
      .join(', ');
    throw new Error(
      `${l.method ?? 'GET'} ${l.path} sous charge : ${failed} échecs sur ${result.requests.total} (${codes}; ${result.errors} erreurs, ${result.timeouts} délais)`,
    );
  }
  return {
    rate: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    tool: 'autocannon',
  };
}
