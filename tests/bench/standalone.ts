import { writeFileSync } from 'node:fs';
import type { Row } from './resources';

/**
 * Runs one bench when its own file is started (`npx tsx tests/bench/<file>.ts`), printing its figures
 * as a table; started as a section of `npm run bench` (BENCH_ROWS_FILE set), it writes them there as
 * JSON for the whole run's table instead.
 */
export function runAlone(filename: string, bench: (rows: Row[]) => Promise<void>): void {
  if (!process.argv[1] || filename !== process.argv[1]) return;
  const rows: Row[] = [];
  bench(rows)
    .then(() => {
      const file = process.env.BENCH_ROWS_FILE;
      if (file) return writeFileSync(file, JSON.stringify(rows));
      const width = Math.max(...rows.map(([k]) => k.length));
      console.log('\n' + rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
