/**
 * The browser pages run under a script policy without `'unsafe-eval'` (SECURITY-TESTS T2.9). zod
 * compiles object parsers with `new Function` when it may, and probes for that when a schema is
 * built: told not to, it parses as it does anyway when eval is refused, and the probe causes no CSP
 * violation. The browser build hands this module to every file of ours that imports `zod`
 * (vite.config.ts), so the switch is set before any of them builds a schema, whichever chunk loads
 * first — and a page that builds no schema downloads no zod.
 */
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
export { z, z as default };
