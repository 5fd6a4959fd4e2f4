import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const SWAGGER_OPTIONS: SwaggerOptions = {
  openapi: {
    info: { title: 'Facturo API', version: '1.0.0', description: 'API de facturation Facturo' },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  },
  transform: jsonSchemaTransform,
};

type Hook = (...args: never[]) => unknown;

/**
 * The instance @fastify/swagger is given when the document is first asked for. Its dynamic mode
 * only declares three hooks (onRoute, onRegister, onReady) and a decorator, then builds the document
 * from what those hooks saw: they are replayed here with what the real instance saw at start.
 */
class SwaggerHost {
  readonly hooks = new Map<string, Hook[]>();
  readonly decorations = new Map<string, unknown>();

  constructor(private readonly api: FastifyInstance) {}

  addHook(name: string, hook: Hook): this {
    this.hooks.set(name, [...(this.hooks.get(name) ?? []), hook]);
    return this;
  }

  decorate(name: string, value: unknown): this {
    this.decorations.set(name, value);
    return this;
  }

  getSchemas(): Record<string, unknown> {
    return this.api.getSchemas();
  }

  run(name: string, ...args: unknown[]): void {
    for (const hook of this.hooks.get(name) ?? []) (hook as (...a: unknown[]) => unknown)(...args);
  }
}

/** Builds the document once, with @fastify/swagger loaded now rather than at start. */
async function buildDocument(
  api: FastifyInstance,
  routes: RouteOptions[],
  instances: FastifyInstance[],
): Promise<unknown> {
  // The package's CommonJS exports arrive as `default` both bundled and from node_modules.
  const { default: fastifySwagger } = await import('@fastify/swagger');
  const host = new SwaggerHost(api);
  await new Promise<void>((resolve, reject) =>
    fastifySwagger(host as unknown as FastifyInstance, SWAGGER_OPTIONS, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  for (const route of routes) host.run('onRoute', route);
  for (const instance of instances) host.run('onRegister', instance);
  await new Promise<void>((resolve) => host.run('onReady', resolve));
  const swagger = host.decorations.get('swagger') as () => unknown;
  return swagger();
}

/**
 * The API description, generated from the same zod schemas that validate the requests. Issue 16:
 * @fastify/swagger and what it loads (yaml, a JSON Schema resolver: ~400 KB of code to compile)
 * cost every start for a document few ever ask for; the routes are noted as they are declared, and
 * the document is built by @fastify/swagger itself on the first `/api/docs/json`, then kept.
 */
export async function installOpenApi(api: FastifyInstance): Promise<void> {
  const routes: RouteOptions[] = [];
  const instances: FastifyInstance[] = [];
  api.addHook('onRoute', (route) => {
    routes.push(route);
  });
  api.addHook('onRegister', (instance) => {
    instances.push(instance);
  });
  let document: Promise<unknown> | undefined;
  api.get('/docs/json', { schema: { hide: true } }, async () => {
    // A failed build (say, the module could not be read) is tried again by the next request.
    document ??= buildDocument(api, routes, instances).catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    return document;
  });
}
