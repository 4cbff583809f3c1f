/**
 * The browser pages run under a script policy without `'unsafe-eval'` (SECURITY-TESTS T2.9). zod
 * compiles object parsers with `new Function` when it may, and probes for that on first use: told
 * not to, it parses as it does anyway when eval is refused, and the probe causes no CSP violation.
 * Imported first by every front end's entry.
 */
import { z } from 'zod';

z.config({ jitless: true });
