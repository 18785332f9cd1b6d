/**
 * Practice portal benchmark (not a test): Lighthouse (mobile) on the dashboard of the signed-in
 * demo practice, and the first-load JavaScript of /practice-portal before the calendar is opened.
 * Writes bench/results/practice-portal.json and .md. Run `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD, demoAccounts } from '../src/server/db/seed/demo-data';
import { runLighthouse } from './support/lighthouse';
import { signInCookie } from './support/sign-in';
import { startProduct } from './support/start-product';

const root = path.resolve(import.meta.dirname, '..');
const aims = { performance: 90, scriptKb: 200 };

if (!existsSync(path.join(root, 'dist/client/app.html'))) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}

const product = await startProduct(Number(process.env.BENCH_PORT ?? 4301));
let score;
try {
  const cookie = await signInCookie(product.url, demoAccounts[0].email, DEMO_PASSWORD, 'practice');
  [score] = await runLighthouse([`${product.url}/practice-portal`], { Cookie: cookie });
} finally {
  await product.stop();
}
const s = score!;
const kb = Math.round((s.scriptTransferBytes / 1024) * 10) / 10;
const when = new Date().toISOString();
const markdown = `# Practice portal dashboard: Lighthouse (mobile), signed-in demo practice

Measured ${when} on the production build (\`npm run bench\`).
Aims: Performance ≥ ${aims.performance}; first-load JavaScript of /practice-portal < ${aims.scriptKb} KB (compressed, as served) before the calendar is opened.

| page | Performance | Accessibility | Best Practices | SEO | LCP (ms) | JS (KB) | meets aims |
|---|---|---|---|---|---|---|---|
| /practice-portal | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.lcpMs} | ${kb} | ${s.performance >= aims.performance && kb < aims.scriptKb ? 'yes' : 'no'} |
`;
await mkdir(path.join(root, 'bench/results'), { recursive: true });
await writeFile(
  path.join(root, 'bench/results/practice-portal.json'),
  JSON.stringify({ measuredAt: when, aims, score: s }, null, 2),
);
await writeFile(path.join(root, 'bench/results/practice-portal.md'), markdown);
console.log(markdown);
