import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** A route as the application declared it, with the zod schemas of its request. */
export interface DeclaredRoute {
  method: string;
  url: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

export const routeKey = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * Every route of an application, as its onRoute hook sees them (AppDeps.onRoute): read from the
 * Fastify instance itself, so a route added anywhere is in the list.
 */
export class RouteTable {
  readonly routes: DeclaredRoute[] = [];

  readonly collect = (route: RouteOptions): void => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const zod = (value: unknown) => (value instanceof z.ZodType ? value : undefined);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      this.routes.push({
        method,
        url: route.url,
        body: zod(schema.body),
        querystring: zod(schema.querystring),
        params: zod(schema.params),
      });
    }
  };

  find(key: string): DeclaredRoute | undefined {
    return this.routes.find((route) => routeKey(route) === key);
  }
}
