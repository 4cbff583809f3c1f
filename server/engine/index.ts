/**
 * The resource engine's server side (DESIGN §3, issue 3): every definition of model/resources becomes
 * the routes of model/engine/api.ts under its apiPath.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '../../model/engine';
import { RESOURCES } from '../../model/resources';
import type { Db } from './table';
import { Registry } from './registry';
import { ResourceService } from './service';
import { crudRoutes } from './routes';
import { ioRoutes } from './io/routes';
import { ImportJobs } from './io/jobs';
import { Background } from './background';
import { routeBase } from './path';

export { routeBase };

export interface ResourceOptions {
  db: Db;
  /** The definitions to serve (default: RESOURCES). */
  resources?: readonly ResourceDef[];
}

export async function registerResources(app: FastifyInstance, opts: ResourceOptions): Promise<void> {
  const registry = new Registry(opts.resources ?? RESOURCES);
  const background = new Background();
  app.addHook('onClose', async () => background.drain());
  const jobs = new ImportJobs(opts.db, background);
  const services = registry.resources.map((def) => new ResourceService(opts.db, registry, def));
  for (const service of services) crudRoutes(app, service);
  await ioRoutes(app, services, jobs, background);
}
