/**
 * `/api/docs`: the OpenAPI document (`/api/docs/json`, `/api/docs/yaml`) and a Swagger UI page to read
 * it, served from the package's own files (no outside host). The document is made once, when first
 * asked for, from the declarations the routes were registered with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config';
import { collectRoutes, openApiDocument, type RegisteredRoute } from './document';

const version = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/** The public origins the document names as its servers (configured, never taken from a request). */
export function documentServers(config: Config): string[] {
  return config.shellOrigins.length > 0 ? config.shellOrigins : [`http://localhost:${config.port}`];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declaration (read by tests). */
    apiRoutes: RegisteredRoute[];
  }
}

export async function apiDocs(app: FastifyInstance, config: Config): Promise<void> {
  const routes = collectRoutes(app);
  app.decorate('apiRoutes', routes);
  let made: ReturnType<typeof openApiDocument> | null = null;
  const endpoints = () => routes.flatMap((r) => (r.endpoint ? [r.endpoint] : []));
  const document = () => (made ??= openApiDocument(endpoints(), { servers: documentServers(config), version }));
  await app.register(swagger, {
    mode: 'dynamic',
    openapi: { openapi: '3.1.0' },
    transformObject: () => document() as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its own page's policy: its scripts and styles from this server only (no outside host, no validator badge).
    staticCSP:
      "default-src 'self'; base-uri 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'",
    uiConfig: { deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, validatorUrl: null },
  });
}
