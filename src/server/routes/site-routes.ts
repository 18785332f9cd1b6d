import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { portalPathByAccountType } from '@shared/accounts';
import { appPagePatterns, normalizePath, publicPages } from '@shared/site-routes';
import type { AppEnv } from './app-env';
import { setAnswerHeader } from './answer-headers';
import { pageLoadLinks, pageLoadReads } from './page-load-links';
import { loadSessionUser } from './session';

const prerendered = new Set(publicPages.map((page) => page.path));

function htmlFileFor(pathname: string): { file: string; status: 200 | 404 } {
  const path = normalizePath(pathname);
  if (prerendered.has(path)) {
    return { file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`, status: 200 };
  }
  if (appPagePatterns.some((pattern) => pattern.test(path)))
    return { file: 'app.html', status: 200 };
  return { file: '404.html', status: 404 };
}

/** How the pages ask the server's own API for an answer (the app's `fetch`, env passed on). */
export type AskApi = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Serves the built web app: hashed assets with long caching, pages as HTML. `askApi` reads the
 * answers a portal page's follow-up reads are named from (page-load-hints.ts).
 */
export function siteRoutes(clientDir: string, askApi: AskApi) {
  const app = new Hono<AppEnv>();
  if (!existsSync(path.join(clientDir, 'app.html'))) {
    app.get('*', (c) =>
      c.text(
        'The web app has not been built yet. Run `npm run build`, then start the server again.',
        503,
      ),
    );
    return app;
  }
  const linksFor = pageLoadLinks(clientDir);
  /** The page's hints; its first reads only for a signed-in account opening its own portal. */
  const pageLoadLinksFor = async (c: Context<AppEnv>, pagePath: string) => {
    const user = await loadSessionUser(c);
    const portal = user ? portalPathByAccountType[user.accountType] : null;
    const ownPortal = portal !== null && (pagePath === portal || pagePath.startsWith(`${portal}/`));
    const reads = ownPortal ? await pageLoadReads(pagePath, (url) => answerOf(c, url)) : [];
    return linksFor(pagePath, reads);
  };
  /** The API's answer to a GET of `url` as the page's visitor (their cookie), or undefined. */
  const answerOf = async (c: Context<AppEnv>, url: string): Promise<unknown> => {
    const request = new Request(new URL(url, c.req.url), {
      headers: { cookie: c.req.header('cookie') ?? '' },
    });
    const response = await askApi(request, c.env);
    return response.ok ? response.json() : undefined;
  };
  const htmlCache = new Map<string, string>();
  const readHtml = async (file: string) => {
    let html = htmlCache.get(file);
    if (html === undefined) {
      html = await readFile(path.join(clientDir, file), 'utf8');
      htmlCache.set(file, html);
    }
    return html;
  };

  // The service worker and the offline page it keeps (decision 026): asked again on every visit,
  // so a deploy replaces them at once. The offline page is a file, not a route of the app.
  app.use('/sw.js', async (c, next) => {
    await next();
    if (c.res.status === 200) setAnswerHeader(c, 'Cache-Control', 'no-cache');
  });
  if (existsSync(path.join(clientDir, 'offline.html'))) {
    app.get('/offline.html', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(await readHtml('offline.html'));
    });
  }
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) {
      setAnswerHeader(c, 'Cache-Control', 'public, max-age=31536000, immutable');
    }
  });
  app.use(
    '*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      // HTML pages are routed below, never served by file name.
      rewriteRequestPath: (p) => (p.endsWith('.html') || p.endsWith('/') ? '/__no_such_file__' : p),
      onFound: (filePath, c) => {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) {
          c.header('Cache-Control', 'public, max-age=3600');
        }
      },
    }),
  );
  app.get('*', async (c) => {
    const { file, status } = htmlFileFor(c.req.path);
    c.header('Cache-Control', 'no-cache');
    const html = await readHtml(file);
    // A portal page starts its code and first reads with the HTML (decision record 033).
    const links = file === 'app.html' ? await pageLoadLinksFor(c, normalizePath(c.req.path)) : '';
    return c.html(links ? html.replace('</head>', `  ${links}\n  </head>`) : html, status);
  });
  return app;
}
