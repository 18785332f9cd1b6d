import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageLoadHints, pageLoadHintsFor } from '../../src/shared/page-load-hints';
import { apiRoutes } from '../../src/server/routes/api-routes';
import { listServerRoutes } from '../../src/server/route-list';
import { pageLoadLinks, pageLoadReads } from '../../src/server/routes/page-load-links';

const root = path.resolve(import.meta.dirname, '../..');

/** `/api/practice/shifts/:id` as a pattern matching `/api/practice/shifts/123`. */
function routePattern(routePath: string): RegExp {
  return new RegExp(`^${routePath.replace(/:[^/]+/g, '[^/]+')}$`);
}

describe('page load hints (decision record 033)', () => {
  it('name source modules that exist', () => {
    const modules = pageLoadHints.flatMap((hint) => hint.modules);
    expect(modules.filter((module) => !existsSync(path.join(root, module)))).toEqual([]);
  });

  it('name only GET routes the API answers', () => {
    const gets = listServerRoutes(apiRoutes)
      .filter((route) => route.method === 'GET')
      .map((route) => routePattern(route.path));
    const requests = pageLoadHints.flatMap((hint) =>
      hint.requests.map((request) => (typeof request === 'string' ? request : request(new Date()))),
    );
    const unknown = requests.filter(
      (request) => !gets.some((pattern) => pattern.test(request.split('?')[0]!)),
    );
    expect(unknown).toEqual([]);
  });

  it('follow up only reads of their own entry', () => {
    for (const hint of pageLoadHints)
      for (const followUp of hint.followUps ?? []) expect(hint.requests).toContain(followUp.after);
  });

  it('add up every matching entry, once each', () => {
    const dashboard = pageLoadHintsFor('/practice-portal');
    expect(dashboard.modules).toEqual([
      'src/web/app-providers.tsx',
      'src/web/portals/practice-portal.tsx',
    ]);
    expect(dashboard.requests).toContain('/api/session');
    expect(dashboard.requests).toContain('/api/practice/dashboard');
    // The month the dashboard opens on is the practices' (New York), not the server's.
    expect(
      pageLoadHintsFor('/practice-portal', new Date('2026-12-01T03:00:00Z')).requests,
    ).toContain('/api/practice/shifts?month=2026-11');
    const billing = pageLoadHintsFor('/practice-portal/billing');
    expect(billing.modules).toContain('src/web/features/billing/components/billing-section.tsx');
    expect(billing.requests).not.toContain('/api/practice/dashboard');
    expect(new Set(billing.requests).size).toBe(billing.requests.length);
  });

  it('cover every professional portal, and no other page', () => {
    for (const portal of ['/hygienist-portal', '/dental-assistant', '/front-desk-portal']) {
      const hints = pageLoadHintsFor(`${portal}/find-shifts`);
      expect(hints.modules).toContain('src/web/portals/professional-portal.tsx');
      expect(hints.requests).toContain('/api/professional/shift-board');
    }
    const none = { modules: [], requests: [], followUps: [] };
    expect(pageLoadHintsFor('/practice-login')).toEqual(none);
    expect(pageLoadHintsFor('/practice-portalx')).toEqual(none);
    expect(pageLoadHintsFor('/admin')).toEqual(none);
  });

  it("name Staffing Requests' month pages from the months' answer", async () => {
    const months = {
      months: [
        { month: '2027-01', counts: { all: 3 } },
        { month: '2026-12', counts: { all: 1 } },
      ],
    };
    const asked: string[] = [];
    const reads = await pageLoadReads('/practice-portal/staffing-requests', async (url) => {
      asked.push(url);
      return months;
    });
    expect(asked).toEqual(['/api/practice/shift-months']);
    expect(reads).toContain('/api/practice/shift-months');
    expect(reads.slice(-2)).toEqual([
      '/api/practice/shifts?month=2027-01',
      '/api/practice/shifts?month=2026-12',
    ]);
    // The months could not be read: the page reads its months' pages itself.
    const unanswered = await pageLoadReads(
      '/practice-portal/staffing-requests',
      async () => undefined,
    );
    expect(unanswered).toEqual(pageLoadHintsFor('/practice-portal/staffing-requests').requests);
    // A page without follow-ups asks nothing while its HTML is served.
    const billing = await pageLoadReads('/practice-portal/billing', () => {
      throw new Error('not asked');
    });
    expect(billing).toEqual(pageLoadHintsFor('/practice-portal/billing').requests);
  });
});

describe('page load links', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chairfill-hints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('preload the reads and every chunk the page imports that the entry does not', () => {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
        '_react-1.js': { file: 'assets/react-1.js' },
        '_portal-1.js': { file: 'assets/portal-1.js', imports: ['_react-1.js'] },
        'src/web/app-providers.tsx': {
          file: 'assets/app-providers-1.js',
          imports: ['_portal-1.js', 'index.html'],
        },
        'src/web/portals/practice-portal.tsx': {
          file: 'assets/practice-portal-1.js',
          imports: ['_portal-1.js'],
        },
        'src/web/features/billing/components/billing-section.tsx': {
          file: 'assets/billing-section-1.js',
          imports: ['_portal-1.js'],
          css: ['assets/billing-1.css'],
        },
      }),
    );
    const linksFor = pageLoadLinks(dir);
    const reads = pageLoadHintsFor('/practice-portal/billing').requests;
    const links = linksFor('/practice-portal/billing', reads);
    expect(links).toContain('<link rel="preload" as="fetch" crossorigin href="/api/session">');
    expect(links).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/practice/billing">',
    );
    expect(links).toContain('<link rel="preload" as="style" href="/assets/billing-1.css">');
    for (const file of ['app-providers-1', 'portal-1', 'practice-portal-1', 'billing-section-1'])
      expect(links).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}.js">`);
    expect(links).not.toContain('react-1');
    expect(links).not.toContain('index-1');
    expect(linksFor('/practice-login', [])).toBe('');
    const signedOut = linksFor('/practice-portal/billing', []);
    expect(signedOut).toContain('billing-section-1.js');
    expect(signedOut).not.toContain('/api/');
  });

  it('are none without a build manifest', () => {
    expect(
      pageLoadLinks(path.join(dir, 'no-such-build'))('/practice-portal', ['/api/session']),
    ).toBe('');
  });
});
