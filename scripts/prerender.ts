/**
 * Build step: renders every public page to static HTML (content readable without JavaScript),
 * writes the empty app shell for the other pages, and a 404 page.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { notFoundPage, publicPages, type PublicPage } from '../src/shared/site-routes';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const { renderPage } = (await import(
  pathToFileURL(path.join(root, 'dist/ssr/entry-server.js')).href
)) as {
  renderPage(url: string): Promise<string>;
};

const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function head(page: PublicPage): string {
  return `<meta name="description" content="${escapeAttr(page.description)}" />`;
}

/**
 * Public pages ship as static HTML with no JavaScript at all (their menu and FAQ are native
 * <details> elements); links from them load the app where it is needed.
 */
function withoutScripts(html: string): string {
  return html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

function fill(page: PublicPage | null, appHtml: string): string {
  let html = template.replace('<!--app-->', appHtml);
  if (page) {
    html = withoutScripts(html);
    html = html
      .replace(/<title>.*<\/title>/, `<title>${escapeAttr(page.title)}</title>`)
      .replace('<!--head-->', head(page));
  } else {
    html = html.replace('<!--head-->', '');
  }
  return html;
}

await writeFile(path.join(clientDir, 'app.html'), fill(null, ''));
for (const page of publicPages) {
  const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
  await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
  await writeFile(path.join(clientDir, file), fill(page, await renderPage(page.path)));
  console.log(`pre-rendered ${page.path}`);
}
await writeFile(
  path.join(clientDir, '404.html'),
  fill(notFoundPage, await renderPage('/this-page-does-not-exist')),
);
console.log('pre-rendered 404');
