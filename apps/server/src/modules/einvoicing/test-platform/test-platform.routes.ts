import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context.js';

/** Issue 19: the built-in test platform, an AFNOR XP Z12-013 API over HTTP (platform lane). CONTRACT PLACEHOLDER. */
export function testPlatformRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
