/**
 * Every benchmark, one after the other (`npm run bench`): the page benchmarks, then the load
 * benchmark on the small synthetic market (seeded on the first run: about a minute on PGlite;
 * PostgreSQL when DATABASE_URL is set). The large market is `npm run bench:load -- --scale large`.
 */
import { spawnSync } from 'node:child_process';

const benches = [
  ['bench/pages.ts'],
  ['bench/portal-pages.ts'],
  ['bench/load.ts', '--scale', 'small'],
];
let failed = false;
for (const bench of benches) {
  console.log(`\n== ${bench.join(' ')}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...bench], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
