/**
 * The audit trail's maintenance while the server runs (issue 25): soon after start and then every
 * AUDIT_MAINTENANCE_INTERVAL_MS (a day by default; 0: never), the monthly partitions are made ahead,
 * and entries past each tenant's retention are removed. Both run as the connecting role (the tables'
 * owner, which ran the migrations), never as the serving role; where that role may not remove history
 * (a deployment that migrates with another role) only the partitions are made, and the log says so.
 * Several server processes may run it at once: a transaction-level advisory lock lets one through.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { asSystem } from '../db/tenant-scope';
import { makePartitions, purgeExpired } from './maintain';
import { Repeating } from '../repeating';

/** The first run after start, unless the interval is shorter. */
const FIRST_RUN_MS = 60_000;
const LOCK_KEY = 724_525;

export interface ScheduledMaintenance {
  /** False when another process held the lock: it did the work. */
  ran: boolean;
  partitionsMade: number;
  /** Entries removed past retention; null when the connecting role may not remove history. */
  removed: number | null;
}

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** One run: partitions `monthsAhead` months ahead, then the purge where the role may run it. */
export async function runAuditMaintenance(db: Kysely<DB>, monthsAhead = 3): Promise<ScheduledMaintenance> {
  return asSystem(() =>
    db.transaction().execute(async (trx) => {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return { ran: false, partitionsMade: 0, removed: null };
      const partitionsMade = await makePartitions(trx, monthsAhead);
      const may = await sql<{ ok: boolean }>`
      select has_function_privilege('audit_purge()', 'EXECUTE') and has_table_privilege('audit_entry', 'DELETE')
         and has_table_privilege('audit_chain', 'UPDATE') as ok`.execute(trx);
      const removed = may.rows[0]?.ok ? await purgeExpired(trx) : null;
      return { ran: true, partitionsMade, removed };
    }),
  );
}

/** The server's timer around runAuditMaintenance; closing the server stops it. */
export class AuditMaintenanceSchedule {
  private readonly loop: Repeating;

  constructor(db: Kysely<DB>, intervalMs: number, log?: Logger) {
    const job = () =>
      runAuditMaintenance(db)
        .then((done) => {
          if (!done.ran) return;
          if (done.removed === null)
            log?.warn(
              { partitionsMade: done.partitionsMade },
              'audit maintenance: partitions made; entries past retention not removed (the connecting role may not remove history: run npm run audit:maintain as the owner)',
            );
          else log?.info({ partitionsMade: done.partitionsMade, removed: done.removed }, 'audit maintenance done');
        })
        .catch((err: unknown) => log?.warn({ err }, 'audit maintenance failed'));
    this.loop = new Repeating(intervalMs, job, Math.min(intervalMs, FIRST_RUN_MS));
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
