import { expect, test } from '@playwright/test';

test('GET /api/health answers ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the home page is served with a ChairFill title', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  expect(title, 'the <title> of /').toContain('ChairFill');
});
