/**
 * Logs a person reads in a terminal (config.logFormat « pretty »): « 08:15:02 INFO  message key=value »
 * instead of one JSON object per line. Written here rather than with pino-pretty: a few lines, no worker
 * thread, no dependency. Production keeps pino's JSON lines.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** What every line carries and the reader does not need to see again. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId']);

function value(v: unknown): string {
  if (typeof v === 'string') return /\s/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/** One pino JSON line as a readable one; a line that is not pino's JSON is passed on as it is. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.replace(/\n$/, '');
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, v]) => `${key}=${value(v)}`);
  const head = [time, level, typeof entry.msg === 'string' ? entry.msg : '', ...fields]
    .filter((part) => part !== '')
    .join(' ');
  const err = entry.err as { stack?: unknown } | undefined;
  return typeof err?.stack === 'string' ? `${head}\n${err.stack}` : head;
}

/** A destination for pino: each JSON line written out readable. */
export function prettyDestination(write: (text: string) => void = (text) => process.stdout.write(text)) {
  return { write: (json: string) => write(`${prettyLine(json)}\n`) };
}
