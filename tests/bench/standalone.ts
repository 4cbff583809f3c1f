import type { Row } from './resources';

/** Runs one bench when its own file is started (`npx tsx tests/bench/<file>.ts`), printing its figures as a table. */
export function runAlone(filename: string, bench: (rows: Row[]) => Promise<void>): void {
  if (!process.argv[1] || filename !== process.argv[1]) return;
  const rows: Row[] = [];
  bench(rows)
    .then(() => {
      const width = Math.max(...rows.map(([k]) => k.length));
      console.log('\n' + rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
