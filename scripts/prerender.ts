/**
 * Build step: renders every public page to static HTML (content readable without JavaScript),
 * writes the app shell for the other pages (showing the app's loading indicator until its script
 * has run, styled by rules written into it), and a 404 page.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { notFoundPage, publicPages, type PublicPage } from '../src/shared/site-routes';
import { stylesheetForPage } from './page-stylesheet';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const { renderPage, renderAppShell } = (await import(
  pathToFileURL(path.join(root, 'dist/ssr/entry-server.js')).href
)) as {
  renderPage(url: string): Promise<string>;
  renderAppShell(): string;
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

const stylesheetLink = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(
  template,
);
if (!stylesheetLink) throw new Error('The page template links no stylesheet');
const [linkTag, stylesheetFile] = stylesheetLink;
const stylesheet = await readFile(path.join(clientDir, stylesheetFile!), 'utf8');

/**
 * A public page carries the part of the stylesheet it uses in a <style> element instead of
 * linking the whole app's stylesheet (decision 012): one request fewer before its first paint,
 * and the page stays small enough to arrive in the network's first round trip.
 */
function withOwnStyles(html: string): string {
  const pageCss = stylesheetForPage(stylesheet, html);
  if (/<\/style/i.test(pageCss)) throw new Error('The stylesheet cannot be written into a page');
  return html.replace(linkTag, () => `<style>${pageCss}</style>`);
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

/**
 * The app shell paints its loading indicator before the app's stylesheet has arrived: the rules
 * the indicator uses are written into the page, and the stylesheet's link moves to the end of the
 * body, where it no longer holds back the first paint of what comes before it (the indicator). The
 * browser still runs the app's scripts only once that stylesheet has loaded, so what the app
 * renders is never shown unstyled, and the indicator looks the same before and after it.
 */
function appShell(): string {
  const shell = renderAppShell();
  const html = fill(null, shell);
  const shellCss = stylesheetForPage(stylesheet, shell);
  if (/<\/style/i.test(shellCss)) throw new Error('The stylesheet cannot be written into a page');
  return html
    .replace(linkTag, () => `<style>${shellCss}</style>`)
    .replace('</body>', () => `  ${linkTag}\n  </body>`);
}

await writeFile(path.join(clientDir, 'app.html'), appShell());
for (const page of publicPages) {
  const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
  await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
  await writeFile(
    path.join(clientDir, file),
    withOwnStyles(fill(page, await renderPage(page.path))),
  );
  console.log(`pre-rendered ${page.path}`);
}
await writeFile(
  path.join(clientDir, '404.html'),
  withOwnStyles(fill(notFoundPage, await renderPage('/this-page-does-not-exist'))),
);
console.log('pre-rendered 404');
