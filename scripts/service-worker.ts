/**
 * Build step: writes the version of the offline shell into the service worker (dist/client/sw.js):
 * a hash of the worker and of every file it keeps. A deploy that changes any of them changes the
 * worker's bytes, so browsers install the new worker, which replaces the old cache (decision 026).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const clientDir = path.resolve(import.meta.dirname, '../dist/client');
const workerFile = path.join(clientDir, 'sw.js');
const worker = await readFile(workerFile, 'utf8');

const versionLine = /^const VERSION = 'development';$/m;
const shellList = /^const SHELL = \[([^\]]*)\];$/m.exec(worker);
if (!versionLine.test(worker) || !shellList) {
  throw new Error('public/sw.js no longer has its VERSION and SHELL lines');
}
const shell = [...shellList[1]!.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
shell.unshift('/offline.html'); // named through OFFLINE_PAGE

const hash = createHash('sha256').update(worker);
for (const file of new Set(shell)) hash.update(await readFile(path.join(clientDir, file)));
const version = hash.digest('hex').slice(0, 12);

await writeFile(workerFile, worker.replace(versionLine, `const VERSION = '${version}';`));
console.log(`service worker version ${version} (${new Set(shell).size} files kept offline)`);
