import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app';
import { PageLoading } from './components/page-loading';

/** Renders one public page to HTML at build time, waiting for its lazy chunks. */
export async function renderPage(url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new Error(`Rendering ${url} failed: ${String(errors[0])}`);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What the app shell (app.html) shows before its script has run: the loading indicator the app
 * itself shows until the page is ready, so a portal page paints at once instead of staying blank
 * while its code loads. The app replaces it when it renders.
 */
export function renderAppShell(): string {
  return renderToStaticMarkup(<PageLoading />);
}
