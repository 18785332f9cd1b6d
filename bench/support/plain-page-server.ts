import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

/** The built file of a pre-rendered page ('/' is index.html, '/about' is about/index.html). */
export function prerenderedFile(pagePath: string): string {
  return path.join(clientDir, pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`);
}

/**
 * The same page as plain static HTML: its markup and text as pre-rendered, without any
 * stylesheet or script (the baseline a styled page's Largest Contentful Paint is compared with).
 */
export function plainHtml(html: string): string {
  return html
    .replace(/<link\b[^>]*\brel="(?:stylesheet|modulepreload|preload)"[^>]*>/gi, '')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
}

export interface PlainPageServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A tiny static server on loopback for the plain copies of the given pages, answering like the
 * product does for HTML (gzip when accepted, `Cache-Control: no-cache`); anything else is a 404
 * (the page icon is written into the page).
 */
export async function startPlainPageServer(
  port: number,
  pagePaths: string[],
): Promise<PlainPageServer> {
  const pages = new Map<string, Buffer>();
  for (const pagePath of pagePaths) {
    pages.set(pagePath, Buffer.from(plainHtml(await readFile(prerenderedFile(pagePath), 'utf8'))));
  }
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const body = pages.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=UTF-8',
      'cache-control': 'no-cache',
    };
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(gzip ? gzipSync(body) : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
