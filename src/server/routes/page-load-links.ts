import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../escape-html';
import { pageLoadHintsFor } from '@shared/page-load-hints';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The `<link>` tags that start a portal page's code and first reads with its HTML (decision
 * record 033): a modulepreload for every chunk the page's portal and section import (their static
 * imports, transitively; the entry's own are already in the HTML), a stylesheet preload for their
 * CSS, and a fetch preload for each of `reads` (the page's first reads: `pageLoadReads`). Answers
 * '' for a page with no hints, or when the build has no manifest.
 *
 * Reads are announced only to the account whose portal the page is (the caller checks): a
 * preloaded answer the page does not use at once stays in the browser's memory until the page
 * asks for that address, however much later. A signed-out visitor's 401s would then be the
 * answers the page found after signing in on the login page it was sent to.
 */
export function pageLoadLinks(
  clientDir: string,
): (pagePath: string, reads: readonly string[]) => string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const inEntry = new Set<string>();
  collect(manifest, 'index.html', inEntry);

  /** The code links of a set of modules, kept: one per portal section. */
  const codeLinks = new Map<string, string[]>();
  const codeLinksOf = (modules: string[]) => {
    const key = modules.join(',');
    let links = codeLinks.get(key);
    if (links === undefined) {
      const chunks = new Set<string>();
      for (const module of modules) if (manifest[module]) collect(manifest, module, chunks);
      const scripts: string[] = [];
      const styles: string[] = [];
      for (const key of chunks) {
        if (inEntry.has(key)) continue;
        const chunk = manifest[key]!;
        scripts.push(chunk.file);
        for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
      }
      links = [
        ...styles.map((file) => `<link rel="preload" as="style" href="/${escapeHtml(file)}">`),
        ...scripts.map(
          (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`,
        ),
      ];
      codeLinks.set(key, links);
    }
    return links;
  };
  return (pagePath, reads) =>
    [
      ...reads.map(
        (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`,
      ),
      ...codeLinksOf(pageLoadHintsFor(pagePath).modules),
    ].join('\n    ');
}

/**
 * The first reads of the page at `pagePath` (pageLoadHintsFor), its follow-up reads included:
 * `answerOf` reads each one they follow from (as the visitor) and answers undefined when it could
 * not; a follow-up then goes unannounced, and the page reads it when it needs it.
 */
export async function pageLoadReads(
  pagePath: string,
  answerOf: (url: string) => Promise<unknown>,
): Promise<string[]> {
  const { requests, followUps } = pageLoadHintsFor(pagePath);
  const more = await Promise.all(
    followUps.map(async ({ after, then }) => {
      const answer = await answerOf(after);
      return answer === undefined ? [] : then(answer);
    }),
  );
  return [...new Set([...requests, ...more.flat()])];
}

/** `key` and every chunk it imports statically, transitively (dynamic imports are left out). */
function collect(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) collect(manifest, imported, into);
}
