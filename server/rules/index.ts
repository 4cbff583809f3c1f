/**
 * The routes of encoding and scan rules (issue 6) beyond the engine's CRUD: issuing codes, previews,
 * the audit, the barcode parser, and rendering print templates to PDF. Registered in their own scope for the error handler whose
 * messages carry values (codes left, the code that clashed).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { usePatternMatcher } from '../../model/rules';
import type { DB } from '../db/types';
import { encodingRoutes } from './encoding-routes';
import { ruleErrorHandler } from './errors';
import { printRoutes } from './print-routes';
import { guardedMatch } from './regex';
import { scanRoutes } from './scan-routes';

export async function ruleRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): Promise<void> {
  // Scan-rule patterns run with a time limit everywhere on the server, the engine's save included.
  usePatternMatcher(guardedMatch);
  await app.register(async (scope) => {
    scope.setErrorHandler(ruleErrorHandler);
    encodingRoutes(scope, opts);
    scanRoutes(scope, opts);
    printRoutes(scope, opts);
  });
}
