/**
 * Page benchmark (not a test): Lighthouse (mobile) on every public page of the production build.
 * Writes bench/results/pages.json and bench/results/pages.md. Run `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { publicPages } from '../src/shared/site-routes';
import { runLighthouse, type PageScore } from './support/lighthouse';
import { startProduct } from './support/start-product';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const aims = { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, scriptKb: 90 };

if (!existsSync(path.join(root, 'dist/client/app.html'))) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}

const product = await startProduct(Number(process.env.BENCH_PORT ?? 4300));
let scores: PageScore[];
try {
  scores = await runLighthouse(publicPages.map((page) => `${product.url}${page.path}`));
} finally {
  await product.stop();
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const rows = scores.map((s) => {
  const pathName = new URL(s.url).pathname;
  const meets =
    s.performance >= aims.performance &&
    s.accessibility >= aims.accessibility &&
    s.bestPractices >= aims.bestPractices &&
    s.seo >= aims.seo &&
    kb(s.scriptTransferBytes) < aims.scriptKb;
  return `| ${pathName} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.lcpMs} | ${kb(s.scriptTransferBytes)} | ${meets ? 'yes' : 'no'} |`;
});
const when = new Date().toISOString();
const markdown = `# Public pages: Lighthouse (mobile)

Measured ${when} on the production build (\`npm run bench:pages\`).
Aims: Performance ≥ ${aims.performance}, Accessibility, Best Practices and SEO ${aims.accessibility}, first-load JavaScript < ${aims.scriptKb} KB (compressed, as served).

| page | Performance | Accessibility | Best Practices | SEO | LCP (ms) | JS (KB) | meets aims |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'pages.json'),
  JSON.stringify({ measuredAt: when, aims, scores }, null, 2),
);
await writeFile(path.join(resultsDir, 'pages.md'), markdown);
console.log(markdown);
