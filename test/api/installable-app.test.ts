import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  googleCalendarSubscribeUrl,
  webcalFeedUrl,
} from '../../src/shared/marketplace/calendar-feed';
import { loadEnv } from '../../src/server/env';
import { startServer, type RunningServer } from '../../src/server/server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The installable app (decision 026): the web app manifest and the icons it names, and how the
 * server sends the service worker, the offline page and the manifest. The public/ files are the
 * real ones; the rest of the built app is a small fixture, so this runs before `npm run build`.
 */

const root = path.resolve(import.meta.dirname, '../..');
const publicDir = path.join(root, 'public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk header). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(0, 8).equals(signature), 'a PNG signature').toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the web app manifest', () => {
  it('names the app, opens at the start page, standalone, in the brand colours', () => {
    expect(manifest.name).toBe('ChairFill');
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    // The brand colour of the design (src/web/styles.css --color-brand-600, index.html).
    const styles = readFileSync(path.join(root, 'src/web/styles.css'), 'utf8');
    expect(styles).toContain(`--color-brand-600: ${manifest.theme_color};`);
    expect(readFileSync(path.join(root, 'index.html'), 'utf8')).toContain(
      `<meta name="theme-color" content="${manifest.theme_color}" />`,
    );
    expect(manifest.background_color).toBe('#ffffff');
  });

  it('names 192 and 512 px PNG icons and a maskable one, each of the size it says', () => {
    const sizes = (purpose: string) =>
      manifest.icons
        .filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose))
        .map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable').length).toBeGreaterThan(0);
    for (const icon of manifest.icons) {
      expect(icon.type, icon.src).toBe('image/png');
      expect(icon.src, icon.src).toMatch(/^\/icons\/[a-z0-9-]+\.png$/);
      const { width, height } = pngSize(readFileSync(path.join(publicDir, icon.src)));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('is linked from the page template, with an apple-touch-icon of 180 px', () => {
    const template = readFileSync(path.join(root, 'index.html'), 'utf8');
    expect(template).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const touchIcon = /<link rel="apple-touch-icon" href="([^"]+)" \/>/.exec(template)?.[1];
    expect(touchIcon).toBe('/icons/apple-touch-icon.png');
    expect(pngSize(readFileSync(path.join(publicDir, touchIcon!)))).toEqual({
      width: 180,
      height: 180,
    });
  });
});

describe('the service worker', () => {
  const worker = readFileSync(path.join(publicDir, 'sw.js'), 'utf8');

  it('keeps only files that exist in public/, under a versioned cache name', () => {
    expect(worker).toMatch(/^const VERSION = 'development';$/m);
    expect(worker).toContain('const CACHE = `chairfill-shell-${VERSION}`;');
    const shell = /^const SHELL = \[([^\]]*)\];$/m.exec(worker)?.[1] ?? '';
    const files = [...shell.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of [...files, '/offline.html']) {
      expect(existsSync(path.join(publicDir, file)), file).toBe(true);
    }
    // No page, API answer or script of the app is ever kept.
    expect(files.some((file) => file.startsWith('/api') || file.startsWith('/assets'))).toBe(false);
    expect(worker).not.toMatch(/cache\.put\(/);
  });

  it('has an offline page in the product’s words, with a way to try again and no script', () => {
    const offline = readFileSync(path.join(publicDir, 'offline.html'), 'utf8');
    expect(offline).toContain("<h1>You're offline</h1>");
    expect(offline).toContain('What still works');
    expect(offline).toContain('<a href="">Try again</a>');
    expect(offline).not.toMatch(/<script|<link rel="stylesheet"|<img/i);
  });
});

describe('calendar subscription links', () => {
  const feed =
    'https://chairfill.example.com/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

  it('gives the feed with the webcal scheme', () => {
    expect(webcalFeedUrl(feed)).toBe(
      'webcal://chairfill.example.com/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics',
    );
    expect(webcalFeedUrl('http://localhost:3000/calendar/x.ics')).toBe(
      'webcal://localhost:3000/calendar/x.ics',
    );
  });

  it('opens Google Calendar’s add-by-URL page with the encoded webcal address', () => {
    const url = new URL(googleCalendarSubscribeUrl(feed));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/r');
    expect(url.searchParams.get('cid')).toBe(webcalFeedUrl(feed));
    expect(googleCalendarSubscribeUrl(feed)).toContain(
      'cid=webcal%3A%2F%2Fchairfill.example.com%2Fcalendar%2F',
    );
  });
});

describe('how the server sends the installable app’s files', () => {
  let server: RunningServer;
  let database: TestDatabase;
  let dataDir: string;
  let clientDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-install-'));
    clientDir = mkdtempSync(path.join(tmpdir(), 'chairfill-install-client-'));
    const page =
      '<!doctype html><html lang="en"><head><title>Page</title></head><body></body></html>';
    for (const file of ['index.html', 'app.html', '404.html']) {
      writeFileSync(path.join(clientDir, file), page);
    }
    for (const file of ['sw.js', 'offline.html', 'manifest.webmanifest', 'icons']) {
      cpSync(path.join(publicDir, file), path.join(clientDir, file), { recursive: true });
    }
    database = await createTestDatabase();
    const env = loadEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://chairfill.example.com',
      DEMO_DATA: 'false',
      PORT: '0',
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
    });
    server = await startServer({ env, database: database.target, clientDir });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (pathname: string) => fetch(`${server.url}${pathname}`);

  it('sends the service worker as JavaScript that is checked again on every visit', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('chairfill-shell-');
  });

  it('sends the offline page as HTML, checked again on every visit', async () => {
    const res = await get('/offline.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain("You're offline");
  });

  it('sends the manifest and the icons with their own types', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect((await res.json()).name).toBe('ChairFill');
    for (const icon of manifest.icons) {
      const image = await get(icon.src);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });

  it('allows our own worker and manifest in the content security policy, and nothing else', async () => {
    for (const pathname of ['/', '/practice-login', '/sw.js', '/offline.html']) {
      const csp = (await get(pathname)).headers.get('content-security-policy') ?? '';
      const directive = (name: string) =>
        csp
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .find(([directiveName]) => directiveName === name)
          ?.slice(1);
      expect(directive('worker-src'), pathname).toEqual(["'self'"]);
      expect(directive('manifest-src'), pathname).toEqual(["'self'"]);
      expect(directive('script-src'), pathname).not.toContain("'unsafe-inline'");
    }
  });
});
