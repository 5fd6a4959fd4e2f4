import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Load, LoadResult } from './load.js';

let installed: boolean | undefined;

/** Whether `wrk` (Debian's package, optional for the bench) is on the PATH. */
export function hasWrk(): boolean {
  installed ??= spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  return installed;
}

/** A Lua string literal holding `text` as it is (a long bracket whose level the text does not close). */
function luaString(text: string): string {
  let level = '=';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/**
 * The Lua script. wrk's Lua sees threads, not connections: with one connection per thread, thread k is
 * connection k, and plays user k (in turn over the users, as autocannon gives them to its connections),
 * cycling through the paths from the k-th. The requests are made once by wrk.format; any answer other
 * than 2xx is counted (wrk itself counts only those ≥ 400); done() prints one JSON line for wrkLoad.
 */
function script(l: Load): string {
  const paths = l.paths ?? [l.path];
  const connections = Array.from({ length: l.connections }, (_, k) => {
    const user = l.users[k % l.users.length]!;
    const body = user.body === undefined ? 'nil' : luaString(JSON.stringify(user.body));
    const type = user.body === undefined ? '' : ', ["Content-Type"] = "application/json"';
    const headers = `{ ["Authorization"] = ${luaString(`Bearer ${user.token}`)}${type} }`;
    const requests = paths.map((_, i) => {
      const requestPath = paths[(k + i) % paths.length]!;
      return `wrk.format(${luaString(l.method ?? 'GET')}, ${luaString(requestPath)}, headers, body)`;
    });
    return `  function()
    local headers, body = ${headers}, ${body}
    return { ${requests.join(', ')} }
  end,`;
  });
  return `local connections = {
${connections.join('\n')}
}
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("index", #threads)
end
function init(args)
  failed = 0
  mine = connections[index]()
  turn = 0
end
function request()
  turn = turn % #mine + 1
  return mine[turn]
end
function response(status, headers, body)
  if status < 200 or status > 299 then failed = failed + 1 end
end
function done(summary, latency, requests)
  local notOk = 0
  for _, thread in ipairs(threads) do notOk = notOk + thread:get("failed") end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"timeouts":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, notOk, e.connect + e.read + e.write, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

interface WrkSummary {
  requests: number;
  durationUs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50Us: number;
  p99Us: number;
}

/**
 * wrk against the running server: its client is C in a process of its own, as pgbench's is, instead of
 * autocannon's JavaScript inside the bench's process. The same connections (one thread each, so that
 * each is one user), duration and timeout; a failure of any kind fails the measure, as with autocannon.
 */
export async function wrkLoad(l: Load): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'facturo-wrk-'));
  const file = path.join(dir, 'load.lua');
  writeFileSync(file, script(l));
  try {
    const args = ['-t', String(l.connections), '-c', String(l.connections), '-d', `${l.seconds}s`];
    args.push('--timeout', '10s', '-s', file, `${l.base}${l.path}`);
    const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (c: Buffer) => {
        text += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        text += c.toString();
      });
      child.once('error', (e) => reject(new Error(`wrk non lancé : ${e.message}`)));
      child.once('exit', (code) => resolve({ code, text }));
    });
    const line = output.text.split('\n').find((l) => l.startsWith('{"requests"'));
    if (output.code !== 0 || !line)
      throw new Error(`wrk : ${output.text.trim().split('\n').slice(-3).join(' ')}`);
    const s = JSON.parse(line) as WrkSummary;
    const failed = s.non2xx + s.errors + s.timeouts;
    if (failed > 0) {
      throw new Error(
        `${l.method ?? 'GET'} ${l.path} sous charge (wrk) : ${failed} échecs sur ${s.requests} (${s.non2xx} hors 2xx; ${s.errors} erreurs, ${s.timeouts} délais)`,
      );
    }
    return {
      rate: (s.requests - failed) / (s.durationUs / 1e6),
      p50: s.p50Us / 1000,
      p99: s.p99Us / 1000,
      tool: 'wrk',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
