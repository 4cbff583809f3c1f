/**
 * `npm run audit:verify [-- --tenant CODE]`: verifies each tenant's history chain (or one tenant's)
 * and names the first broken entry; exits 1 when a chain is broken.
 * `npm run audit:maintain [-- --retention CODE MONTHS [LEGAL_MIN]]`: makes the monthly partitions
 * ahead and removes entries past each tenant's retention (optionally setting one tenant's first).
 * Both run as the database's connecting (owner) role, like migrations; on the embedded database the
 * server must be stopped first (PGlite's folder takes one process).
 */
import { loadConfig } from '../config';
import { createDatabase } from '../db/index';
import { verifyChain } from './verify';
import { maintainAuditTrail, setRetention } from './maintain';

function option(args: string[], name: string): string[] | null {
  const at = args.indexOf(name);
  return at < 0 ? null : args.slice(at + 1);
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'verify' && command !== 'maintain') {
    console.error('usage: audit verify [--tenant CODE] | audit maintain [--retention CODE MONTHS [LEGAL_MIN]]');
    return 2;
  }
  const database = await createDatabase(loadConfig());
  try {
    const db = database.db;
    const tenantOf = async (code: string) => {
      const t = await db.selectFrom('tenant').select(['id', 'code']).where('code', '=', code).executeTakeFirst();
      if (!t) throw new Error(`no tenant with code ${code}`);
      return t;
    };
    if (command === 'maintain') {
      const retention = option(args, '--retention');
      if (retention) {
        const [code, months, min] = retention;
        const t = await tenantOf(code ?? '');
        await setRetention(db, t.id, Number(months), min === undefined ? undefined : Number(min), t.code);
        console.log(`${t.code}: retention ${months} months${min === undefined ? '' : `, legal minimum ${min}`}`);
      }
      const done = await maintainAuditTrail(db);
      console.log(`partitions made: ${done.partitionsMade}; entries removed past retention: ${done.removed}`);
      return 0;
    }
    const only = option(args, '--tenant')?.[0];
    const tenants = only
      ? [await tenantOf(only)]
      : await db.selectFrom('tenant').select(['id', 'code']).orderBy('code').execute();
    let broken = 0;
    for (const t of tenants) {
      const v = await verifyChain(db, t.id);
      if (v.ok) console.log(`${t.code}: ok, ${v.checked} entries`);
      else {
        broken++;
        const b = v.firstBroken!;
        console.log(
          `${t.code}: BROKEN at entry ${b.id ?? '(missing)'} (sequence ${b.seq}): ${b.reason}; ${v.checked} entries verified before it`,
        );
      }
    }
    return broken > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error((err as Error).message);
    process.exit(2);
  },
);
