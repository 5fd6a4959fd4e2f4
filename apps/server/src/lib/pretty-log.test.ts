import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { prettyDestination, prettyLine } from './pretty-log.js';

describe('readable logs', () => {
  it('writes pino lines as time, level, message and the fields that matter', () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      prettyDestination((text) => lines.push(text)),
    );
    log.info(
      { url: 'http://localhost:3000', database: 'pglite' },
      'Facturo est prêt : http://localhost:3000',
    );
    log.debug('request completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}Facturo est prêt : http:\/\/localhost:3000 url=http:\/\/localhost:3000 database=pglite\n$/,
    );
  });

  it('shows an error with its stack, and passes on what is not JSON', () => {
    const line = prettyLine(
      JSON.stringify({ level: 50, time: 0, msg: 'Erreur à l’arrêt', err: { stack: 'Error: x\n    at y' } }),
    );
    expect(line).toMatch(/ERROR Erreur à l’arrêt\nError: x\n {4}at y$/);
    expect(prettyLine('pas du JSON\n')).toBe('pas du JSON');
  });
});
