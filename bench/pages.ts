/**
 * Page benchmark (not a test): Lighthouse (mobile) on every public page of the production build,
 * and on a plain static HTML copy of each (same markup and text, no CSS, no JavaScript) served by
 * a tiny local server in the same run, to compare their Largest Contentful Paint; first-load
 * JavaScript per page (gzip). Writes bench/results/pages.json and .md. Run `npm run build` first.
 *
 *   npm run bench:pages [-- --runs 3]
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { publicPages } from '../src/shared/site-routes';
import { firstLoadJs, kb } from './support/first-load-js';
import { runLighthouse } from './support/lighthouse';
import { startPlainPageServer } from './support/plain-page-server';
import { startProduct } from './support/start-product';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench/results');
const aims = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  scriptGzipKb: 90,
  /** LCP at most this much above the plain static HTML page's. */
  lcpOverPlain: 0.2,
};

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(args.runs);

if (!existsSync(path.join(root, 'dist/client/app.html'))) {
  console.error('No production build found: run `npm run build` first.');
  process.exit(1);
}

const loadBefore = loadavg();
const startedAt = new Date();
const paths = publicPages.map((page) => page.path);
const port = Number(process.env.BENCH_PORT ?? 4300);
const product = await startProduct(port);
const plain = await startPlainPageServer(port + 50, paths);
let scores;
let plainScores;
try {
  // Alternate product and plain page per path, so both see the same machine load.
  scores = [];
  plainScores = [];
  for (const pagePath of paths) {
    const [score] = await runLighthouse([`${product.url}${pagePath}`], undefined, { runs });
    const [plainScore] = await runLighthouse([`${plain.url}${pagePath}`], undefined, { runs });
    scores.push(score!);
    plainScores.push(plainScore!);
  }
} finally {
  await plain.stop();
  await product.stop();
}
const loadAfter = loadavg();

const pages = paths.map((pagePath, i) => {
  const score = scores[i]!;
  const plainScore = plainScores[i]!;
  const js = firstLoadJs(score.url, score.scripts);
  const lcpRatio = Math.round((score.lcpMs / plainScore.lcpMs) * 100) / 100;
  const meets =
    score.performance >= aims.performance &&
    score.accessibility >= aims.accessibility &&
    score.bestPractices >= aims.bestPractices &&
    score.seo >= aims.seo &&
    kb(js.gzipBytes) < aims.scriptGzipKb &&
    lcpRatio <= 1 + aims.lcpOverPlain;
  return { path: pagePath, score, plain: plainScore, lcpRatio, firstLoadJs: js, meetsAims: meets };
});

const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(', ');
const rows = pages.map(
  (p) =>
    `| ${p.path} | ${p.score.performance} | ${p.score.accessibility} | ${p.score.bestPractices} | ${p.score.seo} | ${p.score.fcpMs} | ${p.score.lcpMs} | ${p.plain.lcpMs} | ${p.lcpRatio.toFixed(2)} | ${kb(p.firstLoadJs.gzipBytes)} | ${p.meetsAims ? 'yes' : 'no'} |`,
);
const markdown = `# Public pages: Lighthouse (mobile)

Measured ${startedAt.toISOString()} on the production build (\`npm run bench:pages\`), median of
${runs} Lighthouse run(s) per page; load average (1, 5, 15 min) ${load(loadBefore)} before and
${load(loadAfter)} after.

Aims: Performance ≥ ${aims.performance}; Accessibility, Best Practices and SEO ${aims.accessibility};
Largest Contentful Paint within ${aims.lcpOverPlain * 100}% of a plain static HTML copy of the same
page (same markup and text, no CSS or JavaScript, served from a tiny local server and measured in
the same run); first-load JavaScript < ${aims.scriptGzipKb} KB gzip.

| page | Performance | Accessibility | Best Practices | SEO | FCP (ms) | LCP (ms) | plain HTML LCP (ms) | LCP ratio | JS (KB gzip) | meets aims |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'pages.json'),
  JSON.stringify(
    {
      measuredAt: startedAt.toISOString(),
      runsPerPage: runs,
      loadAverage: { before: loadBefore, after: loadAfter },
      aims,
      pages,
    },
    null,
    2,
  ),
);
await writeFile(path.join(resultsDir, 'pages.md'), markdown);
console.log(markdown);
