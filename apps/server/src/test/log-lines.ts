/** One line of a server process's JSON log (pino), as far as the tests read it. */
export interface LogLine {
  level: number;
  time: number;
  msg: string;
  occurrences?: number;
}

/** The JSON log lines of a server's output whose message is `message` (other output is skipped). */
export function logLines(output: string, message: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of output.split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      const line = JSON.parse(text) as LogLine;
      if (line.msg === message) lines.push(line);
    } catch {
      // A line cut by the end of the output so far: read again at the next look.
    }
  }
  return lines;
}

/** What ThrottledWarning's lines add up to: every occurrence, whichever line counted it. */
export function loggedOccurrences(output: string, message: string): number {
  return logLines(output, message).reduce((sum, line) => sum + (line.occurrences ?? 0), 0);
}
