/** Every benchmark, one after the other (`npm run bench`). */
import { spawnSync } from 'node:child_process';

const benches = ['bench/pages.ts', 'bench/portal-pages.ts'];
let failed = false;
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', bench], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
