/**
 * MDN HTTP Observatory grade of the production build, scanned on this machine.
 *
 * The Observatory's CLI scans public hosts only (default ports, real certificates), so this runs
 * its own retriever, tests and grader (the code its `scan` runs) against a local stand-in for a
 * deployment: the built app in production mode on 127.0.0.1:4480, an HTTPS front on :4443 with a
 * throw-away self-signed certificate for localhost (trusted through NODE_EXTRA_CA_CERTS), and an
 * http->https redirect on :4081, as a load balancer does. Results: bench/results/observatory.md.
 *
 * The package's install step downloads certificate and HSTS lists, so install it apart from the
 * project, without scripts, and give the empty HSTS preload list it expects:
 *
 *   npm install --prefix /tmp/observatory --ignore-scripts @mdn/mdn-http-observatory
 *   echo '{}' > /tmp/observatory/node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json
 *   npm run build
 *   OBSERVATORY_DIR=/tmp/observatory node --import tsx bench/observatory.ts
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadEnv } from '../src/server/env';
import { defaultClientDir, startServer } from '../src/server/server';
import { createTestDatabase } from '../test/support/test-database';

const APP_PORT = 4480;
const HTTPS_PORT = 4443;
const HTTP_PORT = 4081;
const PATHS = ['/', '/about', '/practice-login', '/reset-password', '/api/health'];

const observatoryDir = process.env.OBSERVATORY_DIR;
const scanChild = process.argv[2] === '--scan';

/** In a child process (NODE_EXTRA_CA_CERTS is read at start-up): scan one path, print JSON. */
async function scanOne(pathname: string): Promise<void> {
  const base = path.join(observatoryDir!, 'node_modules/@mdn/mdn-http-observatory/src');
  const { retrieve } = await import(path.join(base, 'retriever/retriever.js'));
  const { ALL_TESTS, NUM_TESTS } = await import(path.join(base, 'constants.js'));
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(path.join(base, 'grader/charts.js'));
  const { getGradeForScore, getScoreModifier } = await import(path.join(base, 'grader/grader.js'));
  const r = await retrieve('localhost', {
    httpPort: HTTP_PORT,
    httpsPort: HTTPS_PORT,
    path: pathname,
  });
  if (!r.responses.auto) throw new Error(`${pathname}: no answer`);
  let passed = 0;
  let withExtra = 100;
  let uncurved = 100;
  const tests: Array<{ name: string; pass: boolean; result: string; modifier: number }> = [];
  for (const test of ALL_TESTS as Array<(r: unknown) => Record<string, unknown>>) {
    const result = test(r) as { pass: boolean; result: string; constructor: { name: string } };
    if (!result.result) continue;
    const modifier = getScoreModifier(result.result) as number;
    passed += result.pass ? 1 : 0;
    withExtra += modifier;
    if (modifier < 0) uncurved += modifier;
    tests.push({
      name: result.constructor.name,
      pass: result.pass,
      result: result.result,
      modifier,
    });
  }
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtra : uncurved);
  console.log(
    JSON.stringify({
      path: pathname,
      status: r.responses.auto.status,
      grade: final.grade,
      score: final.score,
      passed,
      total: NUM_TESTS,
      tests,
    }),
  );
}

async function main(): Promise<void> {
  if (!observatoryDir) {
    console.error('Set OBSERVATORY_DIR (see the comment at the top of bench/observatory.ts).');
    process.exit(1);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'chairfill-observatory-'));
  const key = path.join(work, 'key.pem');
  const cert = path.join(work, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert,
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-days', '1',
  ], { stdio: 'ignore' }); // prettier-ignore

  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'production',
    PORT: String(APP_PORT),
    DATA_DIR: path.join(work, 'data'),
    BETTER_AUTH_SECRET: 'observatory-run-secret-observatory-run-secret',
    PUBLIC_URL: `https://localhost:${HTTPS_PORT}`,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const app = await startServer({ env, database: database.target, clientDir: defaultClientDir });
  const front = https.createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (req, res) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: APP_PORT,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    },
  );
  const redirect = http.createServer((req, res) => {
    res.writeHead(301, { Location: `https://localhost:${HTTPS_PORT}${req.url}` }).end();
  });
  await new Promise<void>((resolve) => front.listen(HTTPS_PORT, resolve));
  await new Promise<void>((resolve) => redirect.listen(HTTP_PORT, resolve));

  // One child per path (NODE_EXTRA_CA_CERTS is read at start-up), run while this process serves.
  const results = [];
  for (const pathname of PATHS) {
    const child = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/observatory.ts', '--scan', pathname],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: cert }, encoding: 'utf8' },
    );
    results.push(
      JSON.parse(child.stdout.trim().split('\n').pop()!) as {
        path: string;
        status: number;
        grade: string;
        score: number;
        passed: number;
        total: number;
        tests: Array<{ name: string; pass: boolean; result: string; modifier: number }>;
      },
    );
  }

  front.close();
  redirect.close();
  await app.close();
  await database.drop();
  rmSync(work, { recursive: true, force: true });

  const lines = [
    '# MDN HTTP Observatory (production build, scanned locally)',
    '',
    `Run ${new Date().toISOString()} by \`bench/observatory.ts\`: production mode behind an HTTPS front with an http->https redirect.`,
    '',
    '| path | status | grade | score | tests passed |',
    '| --- | --- | --- | --- | --- |',
    ...results.map(
      (r) => `| ${r.path} | ${r.status} | ${r.grade} | ${r.score} | ${r.passed}/${r.total} |`,
    ),
    '',
    `Tests on ${results[0]!.path}:`,
    '',
    '| test | result | score modifier |',
    '| --- | --- | --- |',
    ...results[0]!.tests.map(
      (t) => `| ${t.name} | ${t.pass ? '' : 'FAILED: '}${t.result} | ${t.modifier} |`,
    ),
    '',
  ];
  writeFileSync(path.join('bench', 'results', 'observatory.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

if (scanChild) {
  await scanOne(process.argv[3] ?? '/');
} else {
  await main();
}
