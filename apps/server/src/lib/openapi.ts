import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The API description, generated from the same zod schemas that validate the requests. */
export async function installOpenApi(api: FastifyInstance): Promise<void> {
  await api.register(swagger, {
    openapi: {
      info: { title: 'Facturo API', version: '1.0.0', description: 'API de facturation Facturo' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  api.get('/docs/json', { schema: { hide: true } }, async () => api.swagger());
}
