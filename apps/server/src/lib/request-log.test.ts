import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DebugRequestLog } from './request-log.js';

async function linesAt(level: string): Promise<string[]> {
  const lines: string[] = [];
  const app = Fastify({
    loggerInstance: pino({ level }, { write: (line: string) => lines.push(line) }),
    logController: new DebugRequestLog(),
  });
  app.get('/ping', async (request) => {
    request.log.info('✉ Confirmez votre adresse email → a@b.fr : http://localhost:3000/confirmer');
    return 'pong';
  });
  await app.inject({ url: '/ping' });
  await app.close();
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('request logs on a terminal', () => {
  it('stay out of the way at info, where the lines that matter remain', async () => {
    expect(await linesAt('info')).toEqual([
      '✉ Confirmez votre adresse email → a@b.fr : http://localhost:3000/confirmer',
    ]);
  });

  it('come back with LOG_LEVEL=debug', async () => {
    expect(await linesAt('debug')).toEqual([
      'incoming request',
      '✉ Confirmez votre adresse email → a@b.fr : http://localhost:3000/confirmer',
      'request completed',
    ]);
  });
});
